// A table's address as a person types it, discovery finds it or a join link carries it, read
// the way the app's client reads it (crates/net/src/client.rs, `Target::parse`): `host:port`
// for a table on the LAN, `https://host[:port]/` for one over TLS, whose link may pin the
// host's certificate by its SHA-256 fingerprint (`fp=`).

const HOST_PORT = /^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/;

/** The query of a link (what follows `?`, without a fragment). */
function query(url: string): URLSearchParams {
  return new URLSearchParams(url.split('?')[1]?.split('#')[0] ?? '');
}

/**
 * The address the app's client joins: `host:port` (from `http://host:port/?room=…` too), or
 * for TLS `https://host:port/` with `?fp=` when the link pins a certificate; null when it is
 * not a table's address.
 */
export function hostPort(url: string): string | null {
  const s = url.trim();
  const tls = /^(https|wss):\/\//i.test(s);
  const a = s.replace(/^(https?|wss?):\/\//i, '').replace(/[/?#].*$/, '');
  const withPort = tls && !/(^[^:]+|\]):\d{1,5}$/.test(a) ? `${a}:443` : a;
  if (!HOST_PORT.test(withPort)) return null;
  if (!tls) return withPort;
  const given = query(s).get('fp');
  if (given === null) return `https://${withPort}/`;
  const fp = given.replace(/:/g, '').toLowerCase();
  return /^[0-9a-f]{64}$/.test(fp) ? `https://${withPort}/?fp=${fp}` : null;
}

/**
 * The table's page for an address (and an optional room code; else the link's own): what the
 * app's table screen opens.
 */
export function tableUrl(address: string, room: string): string | null {
  const target = hostPort(address);
  if (!target) return null;
  const code = (room.trim() || query(address.trim()).get('room') || '').toUpperCase();
  const [base, q] = (target.startsWith('https://') ? target : `http://${target}/`).split('?');
  const params = new URLSearchParams(q ?? '');
  if (code) params.set('room', code);
  const rest = params.toString();
  return rest ? `${base}?${rest}` : base;
}
