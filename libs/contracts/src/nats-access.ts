import { BillingSubjects } from './billing';
import { Events, SERVICE_NAMES, Subjects } from './subjects';

/**
 * What each app does on NATS, in the contracts' own subjects. Each app signs in to NATS as a user of
 * its own, whose permissions are generated from this table (libs/infra/lib/nats-permissions.mjs): it
 * may answer only the subjects it serves and send only what it calls, announces or emits. A new call
 * or event is declared here next to the code that makes it (libs/contracts/src/nats-access.spec.ts
 * compares the two).
 */

/** The apps that connect to NATS: the gateway and the five services. */
export const NATS_APPS = ['gateway', ...SERVICE_NAMES] as const;
export type NatsApp = (typeof NATS_APPS)[number];

/** A subject, or a group of them as Subjects nests them (every string under it). */
export type SubjectGroup = string | { readonly [key: string]: SubjectGroup | ((...args: never[]) => string) };

export interface NatsAccess {
  /** Request subjects it answers, in its queue group (a service also answers its health subject). */
  serves: readonly SubjectGroup[];
  /** Request subjects of other apps it calls. */
  calls: readonly SubjectGroup[];
  /** Core NATS announcements it publishes, fire and forget (not served, even if under its group). */
  announces?: readonly string[];
  /** Core NATS announcements it listens to, and events it hears as they pass (without a consumer). */
  hears?: readonly string[];
  /** Events its outbox relay writes to the events stream. */
  emits?: readonly string[];
  /** Its durable consumers of the events stream (@EventHandler's `durable`), each with the event it reads. */
  consumes?: Readonly<Record<string, string>>;
  /** Names of the jobs it puts on, and takes from, its own work queue (JobQueue, @JobHandler). */
  jobs?: readonly string[];
}

/** Every subject under a group, flattened. */
export function subjectsOf(groups: readonly SubjectGroup[]): string[] {
  return groups.flatMap((group) =>
    typeof group === 'string'
      ? [group]
      : Object.values(group).flatMap((child) => (typeof child === 'function' ? [] : subjectsOf([child]))),
  );
}

/** The health subject of every service, which the gateway's /api/health asks. */
const everyHealthSubject = SERVICE_NAMES.map((service) => Subjects.health(service));

export const NATS_ACCESS: Readonly<Record<NatsApp, NatsAccess>> = {
  gateway: {
    serves: [],
    // What its routes call: whole groups where every subject is a route's.
    calls: [
      ...everyHealthSubject,
      Subjects.auth,
      Subjects.users.getViewer,
      Subjects.users.deleteViewer,
      // The language is read with the profile (D37), and set here.
      Subjects.users.preferences.update,
      Subjects.users.reminders,
      Subjects.users.myList,
      Subjects.users.profiles,
      Subjects.users.reports,
      Subjects.users.analytics.signUps,
      Subjects.users.analytics.rebuild,
      Subjects.users.analytics.rebuildStatus,
      BillingSubjects,
      Subjects.billing.reports,
      Subjects.billing.analytics.daily,
      Subjects.billing.analytics.revenue,
      Subjects.billing.analytics.rebuild,
      Subjects.billing.analytics.rebuildStatus,
      Subjects.billing.refunds,
      Subjects.billing.gstReports,
      Subjects.billing.promotions,
      Subjects.billing.planTerms,
      Subjects.billing.planEnding,
      Subjects.catalog.homeContent,
      Subjects.catalog.movieGroup,
      Subjects.catalog.languageMovies,
      Subjects.catalog.search,
      Subjects.catalog.searchTitles,
      Subjects.catalog.movies,
      Subjects.catalog.episodes,
      Subjects.catalog.series,
      Subjects.catalog.playbackSource,
      Subjects.catalog.watch,
      Subjects.catalog.history,
      Subjects.catalog.picks,
      Subjects.catalog.reports,
      Subjects.catalog.analytics.viewing,
      Subjects.catalog.analytics.rebuild,
      Subjects.catalog.analytics.rebuildStatus,
      Subjects.catalog.partners,
      Subjects.media.deleteObjects,
      Subjects.media.streams,
      Subjects.media.reports,
      Subjects.media.videos.create,
      Subjects.media.videos.get,
      Subjects.media.videos.retry,
      Subjects.media.videos.copy,
      Subjects.media.videos.markers,
      Subjects.media.videos.setMarkers,
      Subjects.media.videos.dismissSuggestedIntro,
      Subjects.media.trailers,
      Subjects.media.videos.subtitles,
      Subjects.media.videos.removeSubtitle,
      Subjects.media.videos.audioTracks,
      Subjects.media.videos.addAudioStream,
      Subjects.media.videos.removeAudioTrack,
    ],
    // Its cache of whole catalogue answers is emptied on each change, and what its stream grants keep
    // of a viewer when the viewer's plan or account changes (events, heard as they pass: no consumer).
    hears: [
      Subjects.catalog.changed,
      Events.subscriptionActivated,
      Events.subscriptionExtended,
      Events.subscriptionReplaced,
      Events.subscriptionExpired,
      Events.userDeleted,
    ],
  },
  auth: {
    serves: [Subjects.auth],
    calls: [Subjects.users.findOrCreateViewer],
    consumes: {
      'auth-revoke-deleted-user': Events.userDeleted,
      'auth-audit-trail': Events.adminActionRecorded,
    },
  },
  users: {
    serves: [Subjects.users],
    calls: [],
    emits: [Events.userDeleted, Events.profileDeleted, Events.viewerSignedUp, Events.adminActionRecorded],
    consumes: {
      'users-plan-end-reminders': Events.planEndReminderDue,
      'users-analytics-sign-ups': Events.viewerSignedUp,
      'users-analytics-forget-viewer': Events.userDeleted,
      'users-my-list-forget-viewer': Events.userDeleted,
      'users-my-list-titles-removed': Events.catalogTitlesRemoved,
    },
    jobs: ['users.analytics-rebuild'],
  },
  billing: {
    serves: [Subjects.billing],
    calls: [Subjects.users.getViewer],
    // Every instance hears finance's plan changes as another makes them, and reads the terms again (D43).
    announces: [Subjects.billing.planTermsChanged],
    hears: [Subjects.billing.planTermsChanged],
    emits: [
      Events.subscriptionActivated,
      Events.subscriptionExtended,
      Events.subscriptionReplaced,
      Events.subscriptionExpired,
      Events.planEndReminderDue,
      Events.paymentCaptured,
      Events.paymentFailed,
      // Finance's plan changes (D43), for the audit trail.
      Events.adminActionRecorded,
    ],
    consumes: {
      'billing-anonymise-deleted-user': Events.userDeleted,
      'billing-analytics-revenue': Events.paymentCaptured,
      'billing-analytics-activated': Events.subscriptionActivated,
      'billing-analytics-extended': Events.subscriptionExtended,
      'billing-analytics-replaced': Events.subscriptionReplaced,
      'billing-analytics-deleted-viewer': Events.userDeleted,
    },
    jobs: ['billing.sweep', 'billing.analytics-rebuild', 'billing.refunds-due', 'billing.plan-end-reminders'],
  },
  catalog: {
    serves: [Subjects.catalog],
    calls: [],
    // Every instance hears the changes the others announce, so search knows the catalogue version
    // without asking Redis each time (cache/catalogue-cache.ts).
    announces: [Subjects.catalog.changed],
    hears: [Subjects.catalog.changed],
    emits: [
      Events.catalogImagesReleased,
      Events.catalogVideosReleased,
      Events.catalogTitlesRemoved,
      Events.playStarted,
      Events.watchTimeRecorded,
      Events.titleFinished,
      Events.adminActionRecorded,
    ],
    consumes: {
      'catalog-forget-deleted-profile': Events.profileDeleted,
      'catalog-video-state': Events.videoStateChanged,
      'catalog-forget-deleted-viewer': Events.userDeleted,
      'catalog-analytics-plays': Events.playStarted,
      'catalog-analytics-watch-time': Events.watchTimeRecorded,
      'catalog-analytics-plan-activated': Events.subscriptionActivated,
      'catalog-analytics-plan-extended': Events.subscriptionExtended,
      'catalog-analytics-plan-replaced': Events.subscriptionReplaced,
      'catalog-analytics-forget-viewer': Events.userDeleted,
      'catalog-picks-finished': Events.titleFinished,
      'catalog-picks-forget-viewer': Events.userDeleted,
      'catalog-picks-forget-profile': Events.profileDeleted,
    },
    jobs: ['catalog.analytics-rebuild'],
  },
  media: {
    serves: [Subjects.media],
    calls: [],
    // Instances sharing an upload folder ask each other to let go of an upload (uploads/upload-locks.ts).
    announces: [Subjects.media.videos.releaseUpload],
    hears: [Subjects.media.videos.releaseUpload],
    emits: [Events.videoStateChanged],
    consumes: {
      'media-remove-released-videos': Events.catalogVideosReleased,
      'media-remove-released-images': Events.catalogImagesReleased,
    },
    jobs: ['media.transcode', 'media.trickplay', 'media.audio'],
  },
};

/** A service's own health subject is served by the kit for every service. */
export function servedSubjects(app: NatsApp): string[] {
  const access = NATS_ACCESS[app];
  const announced = new Set(access.announces ?? []);
  const own = app === 'gateway' ? [] : [Subjects.health(app)];
  return [...own, ...subjectsOf(access.serves).filter((s) => !announced.has(s))];
}
