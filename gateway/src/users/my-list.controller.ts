import { Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DomainError,
  ErrorCode,
  Subjects,
  type Episode,
  type ListedKind,
  type ListedTitle,
  type Movie,
  type MyListEntry,
  type MyListRemoved,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { IsUUID } from 'class-validator';
import { Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { CallerProfiles } from './caller-profiles';

/** A title named in a path: `{titleId}` of My List and watch history. */
export class MyListTitleParams {
  @IsUUID('all', { message: 'titleId must be a UUID' })
  titleId: string;
}

type FoundTitle = { kind: ListedKind; movie: Movie | null; episode: Episode | null };

/**
 * My List (issue 22). Lists are kept per profile: the profile in use (D37), checked to be the caller's
 * account's, so another account's list is never named.
 */
@ApiTags('my-list')
@Controller()
export class MyListController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly callers: CallerProfiles,
  ) {}

  @Get('user/list')
  @Roles('user')
  @ApiOperation({
    summary:
      'The viewer’s My List, newest first: each entry with its film or episode as the catalogue shows it',
  })
  async list(@CurrentPrincipal() caller: Principal): Promise<ListedTitle[]> {
    const entries = await this.rpc.call(Subjects.users.myList.list, {
      profileId: await this.callers.profileIdOf(caller),
    });
    const titled = await Promise.all(
      entries.map(async (entry) => ({ ...entry, ...(await this.find(entry.titleId, entry.kind)) })),
    );
    // A title deleted a moment ago may still be listed until its event arrives: it is left out.
    return titled.filter(
      (entry): entry is ListedTitle & MyListEntry => entry.movie !== null || entry.episode !== null,
    );
  }

  @Put('user/list/:titleId')
  @Roles('user')
  @ApiOperation({
    summary:
      'Adds a film or an episode to the viewer’s My List; adding it again changes nothing (404 TITLE_NOT_FOUND when not in the catalogue)',
  })
  async add(@CurrentPrincipal() caller: Principal, @Param() params: MyListTitleParams): Promise<ListedTitle> {
    const title = await this.find(params.titleId);
    if (!title.movie && !title.episode)
      throw new DomainError(ErrorCode.TITLE_NOT_FOUND, 'This title is not in the catalogue.');
    const entry = await this.rpc.call(Subjects.users.myList.add, {
      profileId: await this.callers.profileIdOf(caller),
      kind: title.kind,
      titleId: params.titleId,
    });
    return { ...entry, movie: title.movie, episode: title.episode };
  }

  @Delete('user/list/:titleId')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Removes a title from the viewer’s My List: { removed } (false when it was not there)',
  })
  async remove(
    @CurrentPrincipal() caller: Principal,
    @Param() params: MyListTitleParams,
  ): Promise<MyListRemoved> {
    return this.rpc.call(Subjects.users.myList.remove, {
      profileId: await this.callers.profileIdOf(caller),
      titleId: params.titleId,
    });
  }

  /** The film or episode with this id as the public catalogue shows it (no stream link); neither when unknown. */
  private async find(titleId: string, kind?: ListedKind): Promise<FoundTitle> {
    const [movie, episode] = await Promise.all([
      kind === 'episode'
        ? null
        : this.orNone(this.rpc.call(Subjects.catalog.movies.meta, { idOrSlug: titleId })),
      kind === 'movie' ? null : this.orNone(this.rpc.call(Subjects.catalog.episodes.get, { id: titleId })),
    ]);
    if (movie) return { kind: 'movie', movie: movie.meta, episode: null };
    if (episode) {
      const { videoUrl: _link, ...shown } = episode;
      return { kind: 'episode', movie: null, episode: shown };
    }
    return { kind: kind ?? 'movie', movie: null, episode: null };
  }

  private async orNone<T>(answer: Promise<T>): Promise<T | null> {
    try {
      return await answer;
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.NOT_FOUND) return null;
      throw error;
    }
  }
}
