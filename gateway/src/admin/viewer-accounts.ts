import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  BackOfficeMessages,
  maskPhoneNumber,
  Subjects,
  type ActiveScreen,
  type ActiveStream,
  type AdminActor,
  type AdminViewerActionDone,
  type AdminViewerActivity,
  type AdminViewerDetails,
  type AdminViewerPage,
  type ListedViewer,
  type RevealedPhoneNumber,
  type Viewer,
  type ViewerPlan,
  type ViewerSearchRequest,
} from '@chitram/contracts';
import { LOGGER, type Logger, RpcClient } from '@chitram/nest-kit';
import { ADMIN_PART_TIMEOUT_MS, partOf } from './service-part';
import { freeScreens } from '../playback/free-screens';

/**
 * The admin's viewers (SPEC §2.13 Users, §7; DECISIONS D5, D25): the searched list with each viewer's plan,
 * a viewer's page, deletion and signing out everywhere. The accounts are the users service's; plans and
 * payments billing's; watch data the catalogue's.
 */
@Injectable()
export class ViewerAccounts {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async page(query: ViewerSearchRequest): Promise<AdminViewerPage> {
    const page = await this.rpc.call(Subjects.users.reports.searchViewers, query);
    const plans = await this.plansOf(page.viewers);
    return {
      users: page.viewers.map((viewer) => ({ ...viewer, plan: plans?.get(viewer._id) ?? null })),
      currentPage: page.currentPage,
      totalUsers: page.totalViewers,
      totalPages: page.totalPages,
      plansAvailable: plans !== null,
    };
  }

  /** The viewers' plans by id; null when billing did not answer (the list still shows). */
  private async plansOf(viewers: ListedViewer[]): Promise<Map<string, ViewerPlan> | null> {
    if (!viewers.length) return new Map();
    const part = await partOf(
      'billing',
      this.rpc
        .call(
          Subjects.billing.reports.plansOf,
          { viewerIds: viewers.map((v) => v._id) },
          { timeoutMs: ADMIN_PART_TIMEOUT_MS },
        )
        .then((plans) => ({ plans })),
      this.logger,
    );
    return part.available ? new Map(part.plans.map((plan) => [plan.viewerId, plan])) : null;
  }

  /** The viewer's page; their active streams and sessions are `activity`'s. */
  async details(id: string): Promise<AdminViewerDetails> {
    const options = { timeoutMs: ADMIN_PART_TIMEOUT_MS };
    const [viewer, billing, watching] = await Promise.all([
      this.rpc.call(Subjects.users.getViewer, { id }),
      partOf(
        'billing',
        this.rpc.call(Subjects.billing.reports.viewerHistory, { viewerId: id }, options),
        this.logger,
      ),
      partOf(
        'catalog',
        this.rpc
          .call(Subjects.catalog.reports.watchHistory, { viewerId: id }, options)
          .then((history) => ({ history })),
        this.logger,
      ),
    ]);
    return { viewer: listed(viewer), billing, watching };
  }

  /**
   * The viewer's whole number, for the admin who asks on the viewer's page (issue 19). The audit trail
   * records who asked for whose number before the number is answered: when the trail cannot be reached
   * the number is not given.
   */
  async revealPhoneNumber(admin: AdminActor, id: string): Promise<RevealedPhoneNumber> {
    const viewer = await this.rpc.call(Subjects.users.getViewer, { id });
    await this.rpc.call(Subjects.auth.audit.record, {
      id: randomUUID(),
      actor: admin,
      action: 'phone-revealed',
      entity: { type: 'viewer', id, label: maskPhoneNumber(viewer.phoneNumber) },
      changes: [],
    });
    this.logger.info({ adminId: admin.adminId, userId: id }, 'admin revealed a viewer’s number');
    return { phoneNumber: viewer.phoneNumber };
  }

  /**
   * What the viewer is doing now: the screens they watch on (media's, each named by the catalogue) and
   * their signed-in sessions (auth's). Either service may be down: its part is then unavailable.
   */
  async activity(id: string): Promise<AdminViewerActivity> {
    const options = { timeoutMs: ADMIN_PART_TIMEOUT_MS };
    await this.rpc.call(Subjects.users.getViewer, { id });
    const [streams, sessions] = await Promise.all([
      partOf(
        'media',
        this.rpc
          .call(Subjects.media.reports.screensOf, { viewerId: id }, options)
          .then(async (screens) => ({ streams: await this.titled(screens) })),
        this.logger,
      ),
      partOf(
        'auth',
        this.rpc
          .call(Subjects.auth.reports.sessionsOf, { viewerId: id }, options)
          .then((list) => ({ sessions: list })),
        this.logger,
      ),
    ]);
    return { streams, sessions };
  }

  /** Each screen with its title's name; null when the title is gone or the catalogue did not answer. */
  private titled(screens: ActiveScreen[]): Promise<ActiveStream[]> {
    const options = { timeoutMs: ADMIN_PART_TIMEOUT_MS };
    return Promise.all(
      screens.map(async (screen) => {
        if (!screen.ownerKind || !screen.ownerId) return { ...screen, title: null };
        const named =
          screen.ownerKind === 'movie'
            ? this.rpc.call(Subjects.catalog.movies.get, { id: screen.ownerId }, options)
            : this.rpc.call(Subjects.catalog.episodes.get, { id: screen.ownerId }, options);
        const title = await named.then(
          (owner) => owner.title,
          () => null,
        );
        return { ...screen, title };
      }),
    );
  }

  /**
   * DECISIONS D25, as a viewer deleting their own account: the users service deletes the account and
   * announces user.deleted (billing anonymises payments, the catalogue forgets watch data, auth ends
   * sessions); the sessions are also ended here at once rather than when auth reads the event.
   */
  async delete(admin: AdminActor, id: string): Promise<AdminViewerActionDone> {
    await this.rpc.call(Subjects.users.deleteViewer, { id, actor: admin });
    this.logger.info({ adminId: admin.adminId, userId: id }, 'admin deleted a viewer account');
    try {
      await this.rpc.call(Subjects.auth.revokeSubject, { subjectId: id });
    } catch (error) {
      this.logger.warn(
        { err: error, userId: id },
        'sessions of a deleted account not revoked yet; the event will',
      );
    }
    await freeScreens(this.rpc, this.logger, id);
    return { success: true, message: BackOfficeMessages.viewerDeleted };
  }

  /**
   * Ends every session of a viewer (Sign out everywhere); only a viewer's, never another admin's. The
   * auth service ends them and records who did it in the audit trail, in one transaction.
   */
  async signOutEverywhere(admin: AdminActor, id: string): Promise<AdminViewerActionDone> {
    const viewer = await this.rpc.call(Subjects.users.getViewer, { id });
    await this.rpc.call(Subjects.auth.audit.signOutEverywhere, {
      subjectId: id,
      actor: admin,
      label: maskPhoneNumber(viewer.phoneNumber),
    });
    // Their screens are free at once for the viewer's next sign-in (issue 20).
    await freeScreens(this.rpc, this.logger, id);
    return { success: true, message: BackOfficeMessages.signedOutEverywhere };
  }
}

/** A viewer as the back office shows one: the number masked (issue 19). */
function listed({ phoneNumber, ...viewer }: Viewer): ListedViewer {
  return { ...viewer, maskedPhoneNumber: maskPhoneNumber(phoneNumber) };
}
