import { useDocumentTitle } from '../../app/use-document-title';
import { CatalogListPage, useCatalogList } from '../../catalog/CatalogList';
import { endpoints } from '../../catalog/endpoints';
import type { EpisodePage } from '../../catalog/types';
import { Cell, RowActions, RowThumb } from '../../components/TableTools';
import { useVideoStates } from '../../videos/use-video-states';
import { VideoStateCell } from '../../videos/VideoStateCell';

/** SPEC §2.13 Shows: title, category, releaseDate, rating, duration; search, pages of 10, edit, delete. */
export function ShowsPage() {
  useDocumentTitle('Shows');
  const catalogue = useCatalogList(
    endpoints.shows,
    (page: EpisodePage) => ({
      rows: page.paginatedEpisodes,
      total: page.totalEpisodes,
      totalPages: page.totalPages,
    }),
    // SPEC §8's confirmation, word for word.
    { path: endpoints.deleteShow, text: 'Do you really want to delete this show?' },
  );
  const videos = useVideoStates(catalogue.rows.map((show) => show.video));

  return (
    <CatalogListPage
      heading="Shows"
      catalogue={catalogue}
      count={(total) => `${total} ${total === 1 ? 'episode' : 'episodes'}`}
      upload={{ to: '/admin/shows/upload', label: '+ Upload show' }}
      searchLabel="Search shows"
      emptyText={(search) => (search ? `No shows match “${search}”.` : 'No shows yet.')}
      columns={{
        picture: 'Banner',
        named: ['Title', 'Category', 'Release date', 'Rating', 'Duration', 'Video'],
      }}
    >
      {catalogue.rows.map((show) => (
        <tr key={show._id}>
          <td className="ad-table__thumb">
            <RowThumb src={show.bannerUrl} alt="" wide />
          </td>
          <th scope="row" className="ad-table__title">
            {show.title}
            <span className="ad-table__sub">Episode {show.episodeNumber}</span>
          </th>
          <Cell label="Category" className="ad-table__category">
            {show.category}
          </Cell>
          <Cell label="Release date">{show.releaseDate}</Cell>
          <Cell label="Rating">
            <span className="ad-pill">{show.rating}</span>
          </Cell>
          <Cell label="Duration">{show.duration}</Cell>
          <VideoStateCell
            title={show.title}
            video={videos.now(show.video)}
            retrying={videos.retrying === show.video?.videoId}
            onRetry={(videoId) => void videos.retry(videoId)}
          />
          <RowActions
            title={show.title}
            editTo={`/admin/shows/edit/${show._id}`}
            editState={{ show }}
            onDelete={() => catalogue.deletion.ask(show._id)}
          />
        </tr>
      ))}
    </CatalogListPage>
  );
}
