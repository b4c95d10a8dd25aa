// The real packages behind the slim shared entries of this folder (aliased in frontends/rspack.base.mjs).
declare module '@chitram/federation-source/react-router' {
  export * from 'react-router';
}
declare module '@chitram/federation-source/react-i18next' {
  export * from 'react-i18next';
}
