// @ts-check
// Player identities: a colour AND a shape and a letter each, so players can be told apart
// without relying on colour (colour-blind safe). Seat i always gets style i.

export const PLAYER_STYLES = [
  { colour: '#d62839', ink: '#fff', shape: 'circle', label: 'Red' },
  { colour: '#1f6fd1', ink: '#fff', shape: 'triangle', label: 'Blue' },
  { colour: '#f2c12e', ink: '#222', shape: 'square', label: 'Yellow' },
  { colour: '#1e9e5a', ink: '#fff', shape: 'diamond', label: 'Green' },
  { colour: '#2a2a2e', ink: '#fff', shape: 'star', label: 'Black' },
  { colour: '#b25fd1', ink: '#fff', shape: 'cross', label: 'Purple' },
];

export const styleOf = (seat) => PLAYER_STYLES[((seat % 6) + 6) % 6];

// The shape as SVG markup centred on (0,0), radius about r.
export function shapeMarkup(seat, r = 6, fill, stroke = 'none') {
  const s = styleOf(seat);
  const f = fill || s.ink;
  const st = `fill="${f}" stroke="${stroke}"`;
  switch (s.shape) {
    case 'circle':
      return `<circle r="${r * 0.8}" ${st}/>`;
    case 'triangle':
      return `<path d="M0 ${-r}L${r * 0.95} ${r * 0.7}H${-r * 0.95}Z" ${st}/>`;
    case 'square':
      return `<rect x="${-r * 0.75}" y="${-r * 0.75}" width="${r * 1.5}" height="${r * 1.5}" ${st}/>`;
    case 'diamond':
      return `<path d="M0 ${-r}L${r} 0L0 ${r}L${-r} 0Z" ${st}/>`;
    case 'star': {
      let d = '';
      for (let i = 0; i < 10; i++) {
        const a = (Math.PI / 5) * i - Math.PI / 2,
          rr = i % 2 ? r * 0.45 : r;
        d += `${i ? 'L' : 'M'}${(Math.cos(a) * rr).toFixed(2)} ${(Math.sin(a) * rr).toFixed(2)}`;
      }
      return `<path d="${d}Z" ${st}/>`;
    }
    default:
      return `<path d="M${-r * 0.3} ${-r}H${r * 0.3}V${-r * 0.3}H${r}V${r * 0.3}H${r * 0.3}V${r}H${-r * 0.3}V${r * 0.3}H${-r}V${-r * 0.3}H${-r * 0.3}Z" ${st}/>`;
  }
}

// A badge for HTML: the colour disc with the shape inside.
export function badgeSvg(seat, size = 22) {
  const s = styleOf(seat);
  return (
    `<svg class="badge" width="${size}" height="${size}" viewBox="-11 -11 22 22" aria-hidden="true">` +
    `<circle r="10.5" fill="${s.colour}" stroke="rgba(0,0,0,.35)"/>${shapeMarkup(seat, 5.5)}</svg>`
  );
}

// A follower on the board: the meeple in the player's colour with the shape on its chest.
export function meepleMarkup(seat, x, y, { lying = false, size = 26, ghost = false, cls = '' } = {}) {
  const s = styleOf(seat);
  const rot = lying ? ' rotate(-90)' : '';
  return (
    `<g class="meeple ${cls}${ghost ? ' ghost' : ''}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)})${rot}">` +
    `<use href="#sym-meeple" x="${-size / 2}" y="${-size / 2}" width="${size}" height="${size}" fill="rgba(0,0,0,.35)" transform="translate(1.5 1.5)"/>` +
    `<use href="#sym-meeple" x="${-size / 2}" y="${-size / 2}" width="${size}" height="${size}" fill="${s.colour}" stroke="#fff" stroke-width="1.2"/>` +
    `<g transform="translate(0 ${size * 0.06})">${shapeMarkup(seat, size * 0.14)}</g></g>`
  );
}
