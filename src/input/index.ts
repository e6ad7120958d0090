/** Raw key decoding: terminal bytes to keys, keys to names, and the key layouts' ids. */
export * from './decode.js';
export * from './keys.js';
export * from './layoutIds.js';
