import i18next, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';

/** A namespace's wording in one language, as its JSON catalogue holds it. */
export type Catalogue = { [key: string]: string | Catalogue };

/** Loads one app's catalogue for a language: a chunk of that app, fetched only when the language is used. */
export type CatalogueLoader = (language: string) => Promise<Catalogue>;

const loaders = new Map<string, CatalogueLoader>();

/**
 * Lets i18next load `namespace` (one per app: `shell`, `viewer`) in any language; its bundled English
 * is added at once, so an English page renders without waiting and every language falls back to it.
 */
export function registerCatalogue(namespace: string, load: CatalogueLoader, english?: Catalogue): void {
  if (loaders.has(namespace)) return;
  loaders.set(namespace, load);
  if (english) i18next.addResourceBundle('en', namespace, english);
}

/**
 * The i18next backend of the site: each app registers a loader for its own namespace, so every app's
 * wording stays in its own build, yet one change of language loads them all before anything re-renders.
 */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders.get(namespace);
    if (!load) {
      callback(new Error(`No catalogue is registered for the namespace "${namespace}".`), false);
      return;
    }
    load(language).then(
      (catalogue) => callback(null, catalogue as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
