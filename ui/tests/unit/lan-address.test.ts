// A table's address as typed or carried by a join link: LAN addresses stay `host:port`, a TLS
// link keeps its https address and the certificate's fingerprint for the app's client.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hostPort, tableUrl } from '../../src/lan/address';

const FP = 'ab'.repeat(32);

test('LAN addresses and links are host:port', () => {
  assert.equal(hostPort('192.168.1.20:7878'), '192.168.1.20:7878');
  assert.equal(hostPort('http://192.168.1.20:7878/?room=K7QXD'), '192.168.1.20:7878');
  assert.equal(hostPort('[::1]:7878'), '[::1]:7878');
  assert.equal(tableUrl('192.168.1.20:7878', 'k7qxd'), 'http://192.168.1.20:7878/?room=K7QXD');
  assert.equal(hostPort('not an address'), null);
  assert.equal(hostPort('192.168.1.20'), null);
});

test('a TLS join link keeps https and its pinned fingerprint', () => {
  const link = `https://203.0.113.5:7878/?room=K7QXD&fp=${FP.toUpperCase()}`;
  assert.equal(hostPort(link), `https://203.0.113.5:7878/?fp=${FP}`);
  assert.equal(tableUrl(link, ''), `https://203.0.113.5:7878/?fp=${FP}&room=K7QXD`);
  assert.equal(hostPort(tableUrl(link, '') ?? ''), `https://203.0.113.5:7878/?fp=${FP}`);
  assert.equal(hostPort('https://table.example.org/?room=K7QXD'), 'https://table.example.org:443/');
  assert.equal(hostPort('https://h:1/?fp=1234'), null, 'a fingerprint is 64 hex digits');
});
