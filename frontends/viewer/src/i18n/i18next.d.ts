// The viewer's wording, typed from its English catalogue: a key that is not there does not compile.
import 'i18next';
import type viewer from './locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'viewer';
    resources: { viewer: typeof viewer };
  }
}
