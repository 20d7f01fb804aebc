// An independent reading of what the server pushed (push_test.cpp): the body decrypted by npm's
// http_ece (RFC 8188/8291) with the browser's private key and auth secret, and the VAPID header
// (RFC 8292) checked with node's own crypto: an ES256 JWT for the push service's origin, not
// expired, with a subject, signed by the key in `k`. Prints the plaintext; exits 1 on any fault.
//   node push_interop.mjs <node_modules> <request.json>
// request.json: {body (base64), authorization, content_encoding, audience, receiver_private,
// receiver_public, auth_secret} (keys in base64url).
import { createRequire } from "node:module";
import { createPublicKey, createECDH, verify } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

const [modules, requestFile] = process.argv.slice(2);
const require = createRequire(path.join(modules, "noop.js"));
const ece = require("http_ece");
const request = JSON.parse(readFileSync(requestFile, "utf8"));
const b64u = (text) => Buffer.from(text, "base64url");

function fail(why) {
  console.error(why);
  process.exit(1);
}

if (request.content_encoding !== "aes128gcm") fail(`Content-Encoding ${request.content_encoding}`);

// VAPID: "vapid t=<jwt>, k=<key>"
const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(request.authorization);
if (!match) fail(`Authorization ${request.authorization}`);
const [, jwt, key] = match;
const [header, claims, signature] = jwt.split(".");
const head = JSON.parse(b64u(header).toString());
if (head.alg !== "ES256" || head.typ !== "JWT") fail(`JWT header ${JSON.stringify(head)}`);
const claim = JSON.parse(b64u(claims).toString());
if (claim.aud !== request.audience) fail(`aud ${claim.aud}, not ${request.audience}`);
const now = Math.floor(Date.now() / 1000);
if (!(claim.exp > now && claim.exp <= now + 24 * 3600)) fail(`exp ${claim.exp}`);
if (!/^(mailto:|https:)/.test(claim.sub)) fail(`sub ${claim.sub}`);
const point = b64u(key);
const publicKey = createPublicKey({
  key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
  format: "jwk",
});
const signed = verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, b64u(signature));
if (!signed) fail("the VAPID signature does not verify");

const receiver = createECDH("prime256v1");
receiver.setPrivateKey(b64u(request.receiver_private));
if (receiver.getPublicKey().toString("base64url") !== request.receiver_public) fail("receiver keys differ");
const plaintext = ece.decrypt(Buffer.from(request.body, "base64"), {
  version: "aes128gcm",
  privateKey: receiver,
  authSecret: b64u(request.auth_secret),
});
process.stdout.write(JSON.stringify({ vapid_key: key, subject: claim.sub, message: JSON.parse(plaintext.toString()) }));
