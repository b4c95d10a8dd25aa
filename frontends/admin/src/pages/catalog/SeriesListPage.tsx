import { useDocumentTitle } from '../../app/use-document-title';
import { CatalogListPage, useCatalogList } from '../../catalog/CatalogList';
import { endpoints } from '../../catalog/endpoints';
import type { SeriesPage } from '../../catalog/types';
import { Cell, RowActions, RowThumb } from '../../components/TableTools';

/** DECISIONS D11: All Series lists every series, with edit and delete. */
export function SeriesListPage() {
  useDocumentTitle('All Series');
  const catalogue = useCatalogList(
    endpoints.series,
    (page: SeriesPage) => ({ rows: page.series, total: page.totalSeries, totalPages: page.totalPages }),
    {
      path: endpoints.oneSeries,
      text: 'Do you really want to delete this series and all its episodes?',
    },
  );

  return (
    <CatalogListPage
      heading="All Series"
      catalogue={catalogue}
      count={(total) => `${total} series`}
      upload={{ to: '/admin/series/upload', label: '+ Upload Series' }}
      searchLabel="Search series"
      emptyText={(search) =>
        search ? `No series match “${search}”.` : 'No series yet. Upload the first one.'
      }
      columns={{
        picture: 'Title image',
        named: ['Title', 'Category', 'Language', 'Genres', 'Rating', 'Episodes'],
      }}
    >
      {catalogue.rows.map((series) => (
        <tr key={series._id}>
          <td className="ad-table__thumb">
            <RowThumb src={series.titlePngUrl} alt="" wide />
          </td>
          <th scope="row" className="ad-table__title">
            {series.title}
            {series.tags.length > 0 && <span className="ad-table__sub">{series.tags.join(', ')}</span>}
          </th>
          <Cell label="Category" className="ad-table__category">
            {series.category}
          </Cell>
          <Cell label="Language">{series.language}</Cell>
          <Cell label="Genres" className="ad-table__genres">
            {series.genre.join(', ')}
          </Cell>
          <Cell label="Rating">
            <span className="ad-pill">{series.rating}</span>
          </Cell>
          <Cell label="Episodes">{series.episodeCount}</Cell>
          <RowActions
            title={series.title}
            editTo={`/admin/series/edit/${series._id}`}
            onDelete={() => catalogue.deletion.ask(series._id)}
          />
        </tr>
      ))}
    </CatalogListPage>
  );
}
