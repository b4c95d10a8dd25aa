import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type PlaybackSource, type PlaybackSourceRequest } from '@chitram/contracts';
import { isExternalLink } from './playable';
import { titleVideoOf } from './title-video';
import { TitleVideosRepository } from './title-videos.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What to play for a title, for the gateway's stream grant (SPEC §7 stream; DECISIONS D22, D23). */
@Injectable()
export class PlaybackSources {
  constructor(private readonly videos: TitleVideosRepository) {}

  async source({ kind, idOrSlug }: PlaybackSourceRequest): Promise<PlaybackSource> {
    const byId = UUID.test(idOrSlug);
    const row =
      kind === 'movie'
        ? await this.videos.movieSource(
            byId ? { id: idOrSlug.toLowerCase() } : { slug: idOrSlug.normalize('NFC').toLowerCase() },
          )
        : byId
          ? await this.videos.episodeSource(idOrSlug.toLowerCase())
          : null;
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'This title does not exist.');
    const video = titleVideoOf(row);
    return {
      titleId: row.id,
      kind,
      title: row.title,
      isFree: row.isFree,
      rating: row.rating,
      externalUrl: video?.state !== 'ready' && isExternalLink(row.link) ? row.link : null,
      video,
    };
  }
}
