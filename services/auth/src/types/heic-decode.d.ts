declare module 'heic-decode' {
  interface THeicImage {
    width: number;
    height: number;
    /** RGBA, 8 bits a channel. */
    data: ArrayBuffer | Uint8ClampedArray;
  }
  function decode(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<THeicImage>;
  export default decode;
}
