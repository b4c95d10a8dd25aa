import { Link } from 'react-router';
import { useDocumentTitle } from '../../app/use-document-title';
import { ADMIN_PAGE_SIZE } from '../../catalog/catalog-lists';
import { endpoints } from '../../catalog/endpoints';
import { pageCount } from '../../catalog/table-rules';
import type { EpisodePage } from '../../catalog/types';
import { Pagination } from '../../components/Pagination';
import { Cell, RowActions, RowThumb, TableFrame, TableSearch } from '../../components/TableTools';
import { useAdminList } from '../../components/use-admin-list';
import { useDeletion } from '../../components/use-deletion';
import { useTableQuery } from '../../components/use-table-query';
import { useVideoStates } from '../../videos/use-video-states';
import { VideoStateCell } from '../../videos/VideoStateCell';

/** SPEC §2.13 Shows: title, category, releaseDate, rating, duration; search, pages of 10, edit, delete. */
export function ShowsPage() {
  useDocumentTitle('Shows');
  const query = useTableQuery();
  const list = useAdminList<EpisodePage>(endpoints.shows, query.search, query.page);
  const shows = list.data?.paginatedEpisodes ?? [];
  const videos = useVideoStates(shows.map((show) => show.video));
  const totalPages = list.data?.totalPages ?? pageCount(list.data?.totalEpisodes ?? 0, ADMIN_PAGE_SIZE);
  // SPEC §8's confirmation, word for word.
  const deletion = useDeletion({
    path: endpoints.deleteShow,
    text: 'Do you really want to delete this show?',
    onDeleted: () => query.afterDelete(shows.length, list.reload),
  });

  return (
    <section className="ad-page">
      <header className="ad-page__header ad-page__header--row">
        <div>
          <h1 className="ad-page__title">Shows</h1>
          {list.data && (
            <p className="ad-page__subtitle">
              {list.data.totalEpisodes} {list.data.totalEpisodes === 1 ? 'episode' : 'episodes'}
            </p>
          )}
        </div>
        <Link className="button button--primary" to="/admin/shows/upload">
          + Upload show
        </Link>
      </header>
      <div className="ad-toolbar">
        <TableSearch value={query.input} onChange={query.setInput} label="Search shows" />
      </div>
      <TableFrame
        status={list.status}
        error={list.error}
        empty={shows.length === 0}
        emptyText={query.search ? `No shows match “${query.search}”.` : 'No shows yet.'}
        onRetry={list.reload}
      >
        <table className="ad-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Banner</span>
              </th>
              <th scope="col">Title</th>
              <th scope="col">Category</th>
              <th scope="col">Release date</th>
              <th scope="col">Rating</th>
              <th scope="col">Duration</th>
              <th scope="col">Video</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shows.map((show) => (
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
                  onDelete={() => deletion.ask(show._id)}
                />
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Pagination page={query.page} totalPages={totalPages} onPage={query.setPage} />
      {deletion.dialog}
    </section>
  );
}
