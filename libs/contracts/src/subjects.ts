import {
  AuthReportSubjects,
  BillingReportSubjects,
  CatalogueReportSubjects,
  MediaReportSubjects,
  UserReportSubjects,
} from './admin';
import {
  BillingAnalyticsSubjects,
  CatalogAnalyticsSubjects,
  UserAnalyticsSubjects,
  type ViewerSignedUp,
} from './analytics';
import { AuditEvents, AuditSubjects } from './audit';
import type { PlanEndReminderDue } from './plan-end-answers';
import { PlanEndingSubjects, ReminderSettingSubjects } from './plan-end-reminders';
import {
  BillingSubjects,
  type PaymentCaptured,
  type PaymentFailed,
  type SubscriptionChanged,
  type SubscriptionExpired,
} from './billing';
import { planTermsChanged, PlanTermsSubjects } from './plan-terms';
import { PromotionSubjects } from './promotions';
import type {
  AdminCreateEpisode,
  AdminCreateMovie,
  AdminCreateSeries,
  AdminCatalogueDelete,
  AdminUpdateEpisode,
  AdminUpdateMovie,
  AdminUpdateSeries,
  DeleteViewerRequest,
} from './audit-writes';
import type {
  AdminMovie,
  AdminMoviePage,
  CatalogueChanged,
  CatalogueImagesReleased,
  CatalogueItemRemoved,
  CatalogueVideosReleased,
  CategoryEpisodes,
  Episode,
  EpisodePage,
  EpisodeSaved,
  HomeContent,
  Movie,
  MovieMeta,
  MovieSaved,
  PlaybackSource,
  SeriesPage,
  SeriesSaved,
  SeriesWithEpisodes,
  TitleSearchResults,
} from './catalog-answers';
import type {
  AdminMoviePageRequest,
  CatalogueIdRequest,
  CategoryEpisodesRequest,
  EpisodePageRequest,
  HomeContentRequest,
  LanguageMoviesRequest,
  MovieGroupRequest,
  MovieLookupRequest,
  PlaybackSourceRequest,
  SearchRequest,
  SeriesPageRequest,
} from './catalog';
import type { ServiceHealthReport } from './health';
import type {
  FindOrCreateViewerRequest,
  UserDeleted,
  UserDeletedBeforeIssue21,
  Viewer,
  ViewerDeleted,
  ViewerIdRequest,
} from './identity';
import type { DeleteMediaObjectsRequest, DeletedMediaObjects } from './media';
import { AdminSecondFactorSubjects, AdminTeamSubjects } from './admin-team';
import { PartnerSubjects } from './partners';
import { BillingRefundSubjects, GstReportSubjects } from './refunds';
import { SignInSubjects } from './sign-in';
import { MyListSubjects } from './my-list';
import type { CatalogueTitlesRemoved } from './my-list-answers';
import { ViewerPreferenceSubjects } from './preferences';
import { ProfileSubjects } from './profiles';
import type { ProfileDeletedEvent } from './profiles-answers';
import { type PlayStarted, StreamSubjects, WatchSubjects, type WatchTimeRecorded } from './playback';
import { event, subject } from './subject';
import { VideoSubjects } from './videos';
import { TrailerSubjects } from './trailers';
import { WatchHistorySubjects } from './watch-history';
import { PicksSubjects } from './picks';
import type { TitleFinished } from './picks-answers';
import type { VideoStatus } from './videos-answers';

/** The five back-end services, each a NATS queue group of its own name. */
export const SERVICE_NAMES = ['auth', 'catalog', 'billing', 'media', 'users'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * NATS subjects, versioned: a breaking change to a payload gets a new version suffix and both
 * versions are served until every caller has moved.
 */
export const Subjects = {
  health: (service: ServiceName) =>
    subject<Record<string, never>, ServiceHealthReport>(`chitram.${service}.health.v1`),
  /** Payloads and answers: libs/contracts/src/billing.ts, carried by each subject. */
  billing: {
    ...BillingSubjects,
    /** The back office's figures and a viewer's history (libs/contracts/src/admin.ts). */
    reports: BillingReportSubjects,
    /** Daily revenue and subscriptions, and the revenue pool of a period (libs/contracts/src/analytics.ts). */
    analytics: BillingAnalyticsSubjects,
    /** Refunds, the back office's payments and credit notes (libs/contracts/src/refunds.ts, D39). */
    refunds: BillingRefundSubjects,
    /** Finance's monthly GST summary and invoice register (libs/contracts/src/refunds.ts, D39). */
    gstReports: GstReportSubjects,
    /** Coupons and the free trial (libs/contracts/src/promotions.ts, D33). */
    promotions: PromotionSubjects,
    /** Finance's plan terms, scheduled from a moment on (libs/contracts/src/plan-terms.ts, D43). */
    planTerms: PlanTermsSubjects,
    planTermsChanged,
    /** The end of a viewer's time when it is near, for the header's banner (D40; plan-end-reminders.ts). */
    planEnding: PlanEndingSubjects,
  },
  /** Payloads and answers: libs/contracts/src/sign-in.ts and identity.ts. */
  auth: {
    ...SignInSubjects,
    /** The audit trail: its pages, and admin actions recorded straight into it (libs/contracts/src/audit.ts). */
    audit: AuditSubjects,
    /** A viewer's sessions for the back office (libs/contracts/src/admin.ts). */
    reports: AuthReportSubjects,
    /** The admins as the owner manages them (libs/contracts/src/admin-team.ts). */
    admins: AdminTeamSubjects,
    /** An admin's second factor (libs/contracts/src/admin-team.ts). */
    secondFactor: AdminSecondFactorSubjects,
  },
  /** Payloads and answers: libs/contracts/src/identity.ts. */
  users: {
    findOrCreateViewer: subject<FindOrCreateViewerRequest, Viewer>('chitram.users.viewer.find-or-create.v1'),
    getViewer: subject<ViewerIdRequest, Viewer>('chitram.users.viewer.get.v1'),
    deleteViewer: subject<DeleteViewerRequest, ViewerDeleted>('chitram.users.viewer.delete.v1'),
    /** A viewer's own settings, such as the interface language (libs/contracts/src/preferences.ts). */
    preferences: ViewerPreferenceSubjects,
    /** Whether plan-end reminders come by SMS (D40; libs/contracts/src/plan-end-reminders.ts). */
    reminders: ReminderSettingSubjects,
    /** My List (issue 22): a profile's titles kept for later (libs/contracts/src/my-list.ts). */
    myList: MyListSubjects,
    /** Profiles (issue 22, D37): up to five per account (libs/contracts/src/profiles.ts). */
    profiles: ProfileSubjects,
    /** The admin's viewer search and the dashboard's viewer figures (libs/contracts/src/admin.ts). */
    reports: UserReportSubjects,
    /** Daily sign-ups (libs/contracts/src/analytics.ts). */
    analytics: UserAnalyticsSubjects,
  },
  /** Payloads and answers: libs/contracts/src/media.ts. Uploads themselves go over HTTP (large bytes never cross NATS). */
  media: {
    /** Removes stored objects by key (DeleteMediaObjects): compensation after a failed save, released images. */
    deleteObjects: subject<DeleteMediaObjectsRequest, DeletedMediaObjects>('chitram.media.objects.delete.v1'),
    videos: VideoSubjects,
    /** A title's trailer (libs/contracts/src/trailers.ts, D45). */
    trailers: TrailerSubjects,
    streams: StreamSubjects,
    /** A viewer's screens for the back office (libs/contracts/src/admin.ts). */
    reports: MediaReportSubjects,
  },
  /** Payloads and answers: libs/contracts/src/catalog.ts. */
  catalog: {
    homeContent: subject<HomeContentRequest, HomeContent>('chitram.catalog.home.content.v1'),
    movieGroup: subject<MovieGroupRequest, Movie[]>('chitram.catalog.home.group.v1'),
    languageMovies: subject<LanguageMoviesRequest, Movie[]>('chitram.catalog.home.language.v1'),
    search: subject<SearchRequest, Movie[]>('chitram.catalog.search.v1'),
    /** Films, series and episodes by kind (issue 19): SearchRequest → TitleSearchResults. */
    searchTitles: subject<SearchRequest, TitleSearchResults>('chitram.catalog.search.titles.v1'),
    movies: {
      /** Public meta by id or slug (no stream link). */
      meta: subject<MovieLookupRequest, MovieMeta>('chitram.catalog.movies.meta.v1'),
      /**
       * A title's "More like this" (issue 19): others of its language sharing a genre, playable ones
       * (a ready video or an external link) first, then by genres shared and newest.
       */
      moreLikeThis: subject<MovieLookupRequest, Movie[]>('chitram.catalog.movies.more-like-this.v1'),
      /** The whole movie, stream link included: admins and other services. */
      get: subject<CatalogueIdRequest, AdminMovie>('chitram.catalog.movies.get.v1'),
      page: subject<AdminMoviePageRequest, AdminMoviePage>('chitram.catalog.movies.page.v1'),
      create: subject<AdminCreateMovie, MovieSaved>('chitram.catalog.movies.create.v1'),
      update: subject<AdminUpdateMovie, MovieSaved>('chitram.catalog.movies.update.v1'),
      delete: subject<AdminCatalogueDelete, CatalogueItemRemoved>('chitram.catalog.movies.delete.v1'),
    },
    episodes: {
      byCategory: subject<CategoryEpisodesRequest, CategoryEpisodes>('chitram.catalog.episodes.category.v1'),
      page: subject<EpisodePageRequest, EpisodePage>('chitram.catalog.episodes.page.v1'),
      get: subject<CatalogueIdRequest, Episode>('chitram.catalog.episodes.get.v1'),
      /**
       * An episode's "More like this" (issue 19): the films of its series' language sharing one of the
       * series' genres, ordered as a film's; none for an episode without a series.
       */
      moreLikeThis: subject<CatalogueIdRequest, Movie[]>('chitram.catalog.episodes.more-like-this.v1'),
      create: subject<AdminCreateEpisode, EpisodeSaved>('chitram.catalog.episodes.create.v1'),
      update: subject<AdminUpdateEpisode, EpisodeSaved>('chitram.catalog.episodes.update.v1'),
      delete: subject<AdminCatalogueDelete, CatalogueItemRemoved>('chitram.catalog.episodes.delete.v1'),
    },
    series: {
      list: subject<SeriesPageRequest, SeriesPage>('chitram.catalog.series.list.v1'),
      get: subject<CatalogueIdRequest, SeriesWithEpisodes>('chitram.catalog.series.get.v1'),
      create: subject<AdminCreateSeries, SeriesSaved>('chitram.catalog.series.create.v1'),
      update: subject<AdminUpdateSeries, SeriesSaved>('chitram.catalog.series.update.v1'),
      delete: subject<AdminCatalogueDelete, CatalogueItemRemoved>('chitram.catalog.series.delete.v1'),
    },
    /** What to play for a movie or episode, by id or slug: PlaybackIdRequest → PlaybackSource (catalog.ts). */
    playbackSource: subject<PlaybackSourceRequest, PlaybackSource>('chitram.catalog.playback.source.v1'),
    /** Continue watching (payloads: playback.ts). */
    watch: WatchSubjects,
    /** Watch history per profile (issue 22; payloads: watch-history.ts). */
    history: WatchHistorySubjects,
    /** Rows picked for each profile (issue 22; payloads: picks.ts). */
    picks: PicksSubjects,
    /** The dashboard's catalogue figures and a viewer's watch history (libs/contracts/src/admin.ts). */
    reports: CatalogueReportSubjects,
    /** Daily plays and watch time, top titles (libs/contracts/src/analytics.ts). */
    analytics: CatalogAnalyticsSubjects,
    /** Content partners and their titles (libs/contracts/src/partners.ts). */
    partners: PartnerSubjects,
    /** Core NATS event after every admin write (payload CatalogueChanged): caches drop what they hold. */
    changed: event<CatalogueChanged>('chitram.catalog.changed.v1'),
  },
} as const;

/**
 * Events: written to a service's outbox with the change they announce, relayed to the JetStream
 * stream EVENT_STREAM and consumed by durable consumers (ARCHITECTURE rule 3). Every event subject
 * lives under EVENT_SUBJECT_ROOT, which is what the stream captures.
 */
export const EVENT_STREAM = 'CHITRAM_EVENTS';
export const EVENT_SUBJECT_ROOT = 'chitram.events';
export const Events = {
  /**
   * Payload UserDeleted (identity.ts): a viewer account is gone; its sessions end, its data goes.
   * Readers also take the shape written before issue 21 (`userId`), for one release: deletedViewerId.
   */
  userDeleted: event<UserDeleted, UserDeleted | UserDeletedBeforeIssue21>(
    'chitram.events.users.user-deleted.v1',
  ),
  /** Payload ProfileDeletedEvent (profiles-answers.ts): a profile is gone; its positions and history go too. */
  profileDeleted: event<ProfileDeletedEvent>('chitram.events.users.profile-deleted.v1'),
  /** Payload ViewerSignedUp (analytics.ts): an account was created by its first sign-in. */
  viewerSignedUp: event<ViewerSignedUp>('chitram.events.users.viewer-signed-up.v1'),
  /** Payload CatalogueImagesReleased (catalog.ts): stored images no title uses any more, for media to remove. */
  catalogImagesReleased: event<CatalogueImagesReleased>('chitram.events.catalog.images-released.v1'),
  /** Payload CatalogueVideosReleased (catalog.ts): videos of deleted titles, for media to remove. */
  catalogVideosReleased: event<CatalogueVideosReleased>('chitram.events.catalog.videos-released.v1'),
  /** Films and episodes deleted, for lists to drop them. */
  catalogTitlesRemoved: event<CatalogueTitlesRemoved>('chitram.events.catalog.titles-removed.v1'),
  /** Payload SubscriptionChanged (billing.ts): a payment started a plan, extended it or replaced another. */
  subscriptionActivated: event<SubscriptionChanged>('chitram.events.billing.subscription-activated.v1'),
  subscriptionExtended: event<SubscriptionChanged>('chitram.events.billing.subscription-extended.v1'),
  subscriptionReplaced: event<SubscriptionChanged>('chitram.events.billing.subscription-replaced.v1'),
  /** Payload SubscriptionExpired (billing.ts): a plan's validity ran out with nothing after it. */
  subscriptionExpired: event<SubscriptionExpired>('chitram.events.billing.subscription-expired.v1'),
  /** Payload PlanEndReminderDue (plan-end-answers.ts): one reminder of a plan's end, claimed once (D40). */
  planEndReminderDue: event<PlanEndReminderDue>('chitram.events.billing.plan-end-reminder-due.v1'),
  /** Payload PaymentCaptured (billing.ts). */
  paymentCaptured: event<PaymentCaptured>('chitram.events.billing.payment-captured.v1'),
  /** Payload PaymentFailed (billing.ts). */
  paymentFailed: event<PaymentFailed>('chitram.events.billing.payment-failed.v1'),
  /** Payload VideoStatus (videos.ts): a title's video changed state or progressed (at most every few percent). */
  videoStateChanged: event<VideoStatus>('chitram.events.media.video-state-changed.v1'),
  /** Payload PlayStarted (playback.ts): a title started playing. */
  playStarted: event<PlayStarted>('chitram.events.catalog.play-started.v1'),
  /** Payload WatchTimeRecorded (playback.ts): seconds of a title watched. */
  watchTimeRecorded: event<WatchTimeRecorded>('chitram.events.catalog.watch-time-recorded.v1'),
  /** A profile watched a title into its end credits (issue 22): the co-watching counts of the picked rows. */
  titleFinished: event<TitleFinished>('chitram.events.catalog.title-finished.v1'),
  /** Payload AdminActionRecorded (audit.ts): an admin's write, for the audit trail. */
  ...AuditEvents,
} as const;

/** Header that carries the request id from the gateway through NATS into each service's logs. */
export const REQUEST_ID_HEADER = 'x-request-id';
