import { useEffect } from 'react';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Chitram` : 'Chitram — stories in your language';
  }, [title]);
}
