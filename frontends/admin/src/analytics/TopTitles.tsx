import { formatCount } from '../back-office/display-rules';
import { watchHours } from './analytics-table';
import type { TitleViewing } from './types';

/** A top list of the period: rank, title, language, plays and watch time. */
export function TopTitles({ caption, titles }: { caption: string; titles: TitleViewing[] }) {
  return (
    <div className="ad-table-wrap an-top">
      <table className="ad-table">
        <caption className="an-top__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Title</th>
            <th scope="col">Language</th>
            <th scope="col" className="an-num">
              Plays
            </th>
            <th scope="col" className="an-num">
              Hours
            </th>
          </tr>
        </thead>
        <tbody>
          {titles.length === 0 && (
            <tr>
              <td colSpan={5} className="an-top__empty">
                Nothing watched in this period.
              </td>
            </tr>
          )}
          {titles.map((title, index) => (
            <tr key={`${title.kind}:${title.titleId}`}>
              <td>{index + 1}</td>
              <th scope="row" className="ad-table__title">
                {title.title ?? 'Deleted title'}
                <span className="an-top__kind">{title.kind === 'movie' ? 'Movie' : 'Show'}</span>
              </th>
              <td>{title.language ?? '—'}</td>
              <td className="an-num">{formatCount(title.plays)}</td>
              <td className="an-num">{watchHours(title.watchSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
