/** A text file's content, embedded at build time (vite in tests, build.mjs's raw-text plugin in the bundle). */
declare module '*?raw' {
  const text: string;
  export default text;
}
