import { useEffect, useMemo, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../catalog/catalog-lists';
import { createDebouncer } from '../catalog/table-rules';

/**
 * An admin table's search and page (SPEC §4.7): the box updates at once, the search it runs 500 ms
 * after the last key, and a new search starts again at page 1.
 */
export function useTableQuery() {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState({ search: '', page: 1 });
  const debouncer = useMemo(
    () =>
      createDebouncer<string>(SEARCH_DEBOUNCE_MS, (term) =>
        setQuery((previous) =>
          previous.search === term.trim() ? previous : { search: term.trim(), page: 1 },
        ),
      ),
    [],
  );
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  return {
    input,
    setInput(value: string) {
      setInput(value);
      debouncer.push(value);
    },
    search: query.search,
    page: query.page,
    setPage(page: number) {
      setQuery((previous) => ({ ...previous, page }));
    },
    /** After a delete: a page left empty steps back one page, any other page is loaded again. */
    afterDelete(rowsOnPage: number, reload: () => void) {
      if (rowsOnPage === 1 && query.page > 1)
        setQuery((previous) => ({ ...previous, page: previous.page - 1 }));
      else reload();
    },
  };
}
