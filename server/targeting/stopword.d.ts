// The ES module build of the `stopword` package (its package.json points `module` at a file it does
// not ship, and it has no types): imported by path so the bundler keeps only the lists we use.
declare module 'stopword/dist/stopword.esm.mjs' {
  export const eng: string[];
  export const spa: string[];
  export const deu: string[];
  export const fra: string[];
  export const por: string[];
  export const ita: string[];
  export const nld: string[];
  export const swe: string[];
  export const pol: string[];
  export const ces: string[];
  export const ron: string[];
  export const hun: string[];
  export const tur: string[];
  export const rus: string[];
  export const ukr: string[];
  export const ind: string[];
}
