import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type PlaybackSource, type PlaybackSourceRequest } from '@chitram/contracts';
import { DataSource } from 'typeorm';
import { isExternalLink } from './playable';
import { titleVideoOf, videoColumns, type TitleVideoColumns } from './title-video';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type SourceRow = TitleVideoColumns & { id: string; title: string; isFree: boolean; link: string };

/** What to play for a title, for the gateway's stream grant (SPEC §7 stream; DECISIONS D22, D23). */
@Injectable()
export class PlaybackSources {
  constructor(private readonly dataSource: DataSource) {}

  async source({ kind, idOrSlug }: PlaybackSourceRequest): Promise<PlaybackSource> {
    const byId = UUID.test(idOrSlug);
    const rows: SourceRow[] =
      kind === 'movie'
        ? await this.dataSource.query(
            `SELECT m.id, m.title, m.is_free AS "isFree", m.movie_url AS link, ${videoColumns('m')}
               FROM movie m WHERE ${byId ? 'm.id = $1::uuid' : 'm.slug = $1'}`,
            [byId ? idOrSlug.toLowerCase() : idOrSlug.normalize('NFC').toLowerCase()],
          )
        : byId
          ? await this.dataSource.query(
              `SELECT e.id, e.title, false AS "isFree", e.video_url AS link, ${videoColumns('e')}
                 FROM episode e WHERE e.id = $1::uuid`,
              [idOrSlug.toLowerCase()],
            )
          : [];
    const row = rows[0];
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'This title does not exist.');
    const video = titleVideoOf(row);
    return {
      titleId: row.id,
      kind,
      title: row.title,
      isFree: row.isFree,
      externalUrl: video?.state !== 'ready' && isExternalLink(row.link) ? row.link : null,
      video,
    };
  }
}
