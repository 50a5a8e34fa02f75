// The types of sha256.js (plain JavaScript: the host's phone page loads the same file).

export function sha256(data: Uint8Array): Uint8Array;
export function toHex(bytes: Uint8Array): string;
export function fromHex(s: string): Uint8Array | null;
export function concat(...parts: Uint8Array[]): Uint8Array;
