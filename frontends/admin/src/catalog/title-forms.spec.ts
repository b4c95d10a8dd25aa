import type { FormDescription, LayoutItem } from '../components/field-description';
import { MOVIE_FORM } from './movie-form';
import { EPISODE_BLOCK, SERIES_FORM } from './series-form';
import { SHOW_FORM } from './show-form';

const placed = (items: readonly LayoutItem[]) =>
  items.flatMap((item) => (typeof item === 'string' ? [item] : item));

const episodeBlock = {
  fields: EPISODE_BLOCK.fields,
  main: [{ title: 'Episode', items: EPISODE_BLOCK.items }],
  side: [{ title: 'Banner', items: EPISODE_BLOCK.side }],
};

// Each form with the parts its page draws itself among the fields (DescribedFields' slots).
describe.each([
  ['movie', MOVIE_FORM, ['video', 'trailer', 'partner']],
  ['series', SERIES_FORM, ['trailer', 'partner']],
  ['show', SHOW_FORM, ['video', 'partner']],
  ['episode block', episodeBlock, []],
] as Array<[string, FormDescription<never>, string[]]>)(
  'the %s form’s description',
  (_name, form, ownParts) => {
    const names = form.fields.map((field) => field.name);
    const shown = [...form.main, ...form.side].flatMap((section) => placed(section.items));

    it('names each field once and lays each one out once', () => {
      expect(new Set(names).size).toBe(names.length);
      expect(shown.filter((name) => names.includes(name)).sort()).toEqual([...names].sort());
    });

    it('lays out nothing else than its fields and the parts its page draws', () => {
      expect(shown.filter((name) => !names.includes(name))).toEqual(ownParts);
    });
  },
);
