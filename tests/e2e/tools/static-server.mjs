// Dev tool: serves a directory over HTTP (ES modules do not load from file://).
// Usage: node static-server.mjs DIR PORT
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const [root = '.', port = '8099'] = process.argv.slice(2);
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };
http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  let file = path.join(root, decodeURIComponent(url.pathname));
  if (!file.startsWith(path.resolve(root))) { res.writeHead(403).end(); return; }
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
  fs.readFile(file, (err, data) => {
    if (err) { res.writeHead(404).end('not found'); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' }).end(data);
  });
}).listen(Number(port), '127.0.0.1', () => console.log(`serving ${root} on ${port}`));
