// react-i18next as the shell lends it to the viewer (frontends/rspack.base.mjs, `slimShared`): the hook,
// the rich-text component and the setup, without the server-rendering helpers and class wrappers.
export {
  I18nextProvider,
  initReactI18next,
  Trans,
  useTranslation,
} from '@chitram/federation-source/react-i18next';
