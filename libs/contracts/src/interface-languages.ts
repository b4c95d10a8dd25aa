// The languages the web interface speaks (issue 11), by code. Kept free of decorators, so the front
// ends may import this file itself; the shell's table (native names, Intl locales) follows it.

export const INTERFACE_LANGUAGE_CODES = ['en', 'hi', 'ta', 'te', 'ml', 'kn', 'bn', 'bho'] as const;

export type InterfaceLanguageCode = (typeof INTERFACE_LANGUAGE_CODES)[number];

export function isInterfaceLanguageCode(value: unknown): value is InterfaceLanguageCode {
  return typeof value === 'string' && (INTERFACE_LANGUAGE_CODES as readonly string[]).includes(value);
}
