// Drizzle schema (pg-core) of the portal's Postgres database. Every table that holds
// brand data carries brand_key, and every query of such a table filters by it.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array | Buffer }>({
  dataType: () => 'bytea',
  // node-postgres hands over a Buffer; a view on it, not a copy (a document's row is megabytes).
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
})

const created = () => timestamp('created', { withTimezone: true }).notNull().defaultNow()
const modified = () => timestamp('modified', { withTimezone: true }).notNull().defaultNow()

export interface AccountAssets {
  profile_picture?: ImageAsset & { path: string }
}

export const accounts = pgTable(
  'accounts',
  {
    key: text('key').primaryKey(),
    firebaseUid: text('firebase_uid').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    first: text('first').notNull().default(''),
    last: text('last').notNull().default(''),
    username: text('username'),
    title: text('title'),
    department: text('department'),
    role: text('role').notNull().default('user'),
    jobType: text('job_type').notNull().default('guest'),
    contactNumber: text('contact_number'),
    mobileNumber: text('mobile_number'),
    employeeNumber: text('employee_number'),
    dateFormat: text('date_format').notNull().default('MM/DD/YYYY'),
    language: text('language').notNull().default('en'),
    mfa: boolean('mfa').notNull().default(false),
    status: text('status').notNull().default('onboarding-personal'),
    features: jsonb('features').$type<Record<string, unknown>>().notNull().default({}),
    preferences: jsonb('preferences').$type<{ brand?: string | null }>().notNull().default({}),
    country: text('country'),
    /** Files of the account, e.g. assets.profile_picture = { path } in the blob store. */
    assets: jsonb('assets').$type<AccountAssets>().notNull().default({}),
    /** False once deactivated from Manage Team; such an account can no longer sign in. */
    active: boolean('active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    created: created(),
    modified: modified(),
  },
  (t) => [uniqueIndex('accounts_firebase_uid_idx').on(t.firebaseUid), uniqueIndex('accounts_email_idx').on(t.email)],
)

export interface Address {
  street?: string
  suite?: string
  country?: string
  city?: string
  state?: string
  zip?: string
  phone?: string
  website?: string
}
export interface BrandContact {
  name?: string
  first?: string
  last?: string
  title?: string
  department?: string
  phone?: string
  email?: string
  language?: string
}
export interface BrandTemplate {
  /** Universal style: the panel around the forms of the brand's public pages. */
  universal?: { fontColor?: string; backgroundColor?: string }
  login?: { fontColor?: string; backgroundColor?: string }
  landing?: { fontColor?: string; backgroundColor?: string; layout?: string }
}
/** A stored image: the cropped result (`path`), the upload it was cut from and the crop in percent. */
export interface ImageAsset {
  path?: string
  url?: string
  original?: string
  crop?: { x: number; y: number; width: number; height: number }
  progress?: number
}
export type BrandAssets = Record<string, ImageAsset | undefined>

export const brands = pgTable('brands', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  legalName: text('legal_name'),
  yearEstablished: text('year_established'),
  address: jsonb('address').$type<Address>().notNull().default({}),
  contact: jsonb('contact').$type<BrandContact>().notNull().default({}),
  template: jsonb('template').$type<BrandTemplate>().notNull().default({}),
  assets: jsonb('assets').$type<BrandAssets>().notNull().default({}),
  createdBy: text('created_by').references(() => accounts.key),
  created: created(),
  modified: modified(),
  /** Set when an admin deleted the brand: it leaves every list, page and call until restored (docs/decisions/066). */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  archivedBy: text('archived_by').references(() => accounts.key, { onDelete: 'set null' }),
})

/** Access of one account to one model of a brand (Brand, Line, Collection, Style, ...). */
export const grants = pgTable(
  'grants',
  {
    key: text('key').primaryKey(),
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key, { onDelete: 'cascade' }),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    modelId: text('model_id').notNull(),
    type: text('type').notNull(),
    created: created(),
  },
  (t) => [
    uniqueIndex('grants_unique_idx').on(t.accountKey, t.model, t.modelId, t.type),
    index('grants_brand_idx').on(t.brandKey, t.model, t.modelId),
  ],
)

export const lines = pgTable(
  'lines',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    created: created(),
    modified: modified(),
  },
  (t) => [index('lines_brand_idx').on(t.brandKey)],
)

export const collections = pgTable(
  'collections',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    lineKey: text('line_key').references(() => lines.key, { onDelete: 'set null' }),
    name: text('name').notNull(),
    season: text('season').notNull(),
    year: integer('year').notNull(),
    created: created(),
    modified: modified(),
  },
  (t) => [index('collections_brand_idx').on(t.brandKey)],
)

export const categories = pgTable(
  'categories',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    created: created(),
  },
  (t) => [uniqueIndex('categories_brand_name_idx').on(t.brandKey, t.name)],
)

export const styles = pgTable(
  'styles',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    collectionKey: text('collection_key').references(() => collections.key, { onDelete: 'set null' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    status: text('status').notNull().default('draft'),
    /**
     * Where each wizard step stands (atelier.md §4 Style progress): null (not started),
     * 'inprogress', 'completed' or 'notapplicable'; app/features/atelier/style-steps.ts reads them.
     */
    statusTechpack: text('status_techpack'),
    statusPatterns: text('status_patterns'),
    statusMaterials: text('status_materials'),
    statusGraphics: text('status_graphics'),
    statusReferences: text('status_references'),
    statusFinal: text('status_final'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    created: created(),
    modified: modified(),
  },
  // By name within the brand: the products list's Styles dropdown offers the first by name
  // without sorting every style of the brand (docs/decisions/131).
  (t) => [index('styles_brand_name_idx').on(t.brandKey, t.name, t.key)],
)

export interface ListingSize {
  name?: string
  number: number
  variant?: string
  measurements?: { waist?: string; chest?: string; hips?: string; height?: string }
}
export interface ListingColor {
  name?: string
  hexCode?: string
  pantone?: string
  code?: string
}

export const listings = pgTable(
  'listings',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    listingUniqueId: text('listing_unique_id').notNull(),
    styleKey: text('style_key').references(() => styles.key, { onDelete: 'set null' }),
    styleName: text('style_name').notNull(),
    styleNumber: text('style_number').notNull(),
    sku: text('sku'),
    upc: text('upc'),
    lookNumber: integer('look_number'),
    size: jsonb('size').$type<ListingSize>().notNull().default({ number: 0 }),
    sizeDescription: text('size_description'),
    color: jsonb('color').$type<ListingColor>().notNull().default({}),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    lineKey: text('line_key').references(() => lines.key, { onDelete: 'set null' }),
    collectionKey: text('collection_key').references(() => collections.key, { onDelete: 'set null' }),
    department: text('department'),
    units: integer('units'),
    status: text('status').notNull().default('active'),
    addition: boolean('addition').notNull().default(false),
    materials: text('materials'),
    description: text('description'),
    media: jsonb('media').$type<Record<string, unknown>>().notNull().default({}),
    wholesalePrices: jsonb('wholesale_prices').$type<{ number: number; currency: string }[]>().notNull().default([]),
    /**
     * What the products search matches on the listing itself, folded (lowercased, accents taken
     * off: "Côtelé" is "cotele", docs/decisions/179); kept by the database so every writer (forms,
     * import, seed) keeps it right. Line and collection names are matched through their own tables
     * (docs/decisions/067).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`portal_fold(style_number || ' ' || style_name || ' ' || coalesce(materials, ''))`),
    created: created(),
    modified: modified(),
  },
  (t) => [
    uniqueIndex('listings_brand_unique_id_idx').on(t.brandKey, t.listingUniqueId),
    index('listings_brand_order_idx').on(t.brandKey, t.modified.desc(), t.key.desc()),
    // Ordered per line and per collection, carrying the other filter columns, so a filtered page
    // is a merge of index-only walks that stop at the page (docs/decisions/131).
    index('listings_brand_line_order_idx').on(
      t.brandKey,
      t.lineKey,
      t.modified.desc(),
      t.key.desc(),
      t.collectionKey,
      t.categories,
    ),
    index('listings_brand_collection_order_idx').on(
      t.brandKey,
      t.collectionKey,
      t.modified.desc(),
      t.key.desc(),
      t.lineKey,
      t.categories,
    ),
    index('listings_brand_style_idx').on(t.brandKey, t.styleKey),
    index('listings_categories_idx').using('gin', t.categories),
    index('listings_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
)

/**
 * How many listings each brand holds, kept by triggers on `listings` (migration 0009), so the
 * products list's total costs one row read instead of counting 100,000 rows (docs/decisions/079).
 */
export const listingCounts = pgTable('listing_counts', {
  brandKey: text('brand_key')
    .primaryKey()
    .references(() => brands.key, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
})

/**
 * How many listings each brand holds per line, collection and set of categories, kept by
 * statement-level triggers on `listings` (migration 0015): a filtered products list adds up a few
 * of these rows for its total instead of counting thousands of listings (docs/decisions/131).
 * Listings without a line or collection count under ''.
 */
export const listingFacets = pgTable(
  'listing_facets',
  {
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    lineKey: text('line_key').notNull(),
    collectionKey: text('collection_key').notNull(),
    categories: jsonb('categories').$type<string[]>().notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandKey, t.lineKey, t.collectionKey, t.categories] })],
)

/**
 * One piece of a notification's sentence as stored and sent: a plain string (the older form, shown
 * emphasised) or an object with its text, an optional same-origin link and emphasis.
 */
export type NotificationSegment = string | { text: string; url?: string; accented?: boolean }

export const notifications = pgTable(
  'notifications',
  {
    key: text('key').primaryKey(),
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key, { onDelete: 'cascade' }),
    brandKey: text('brand_key').references(() => brands.key, { onDelete: 'cascade' }),
    actorKey: text('actor_key').references(() => accounts.key, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    /** Plain strings or { text, url?, accented? } (app/features/notifications/notification-schemas.ts, docs/decisions/053). */
    segments: jsonb('segments').$type<NotificationSegment[]>().notNull().default([]),
    readAt: timestamp('read_at', { withTimezone: true }),
    created: created(),
  },
  (t) => [
    index('notifications_unread_idx')
      .on(t.accountKey)
      .where(sql`${t.readAt} is null`),
    // The centre and the bell: an account's newest first, and older pages by keyset.
    index('notifications_account_created_idx').on(t.accountKey, t.created.desc(), t.key.desc()),
  ],
)

/** Yjs document updates, appended as they arrive and compacted into one row now and then. */
export const yjsUpdates = pgTable(
  'yjs_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    docName: text('doc_name').notNull(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
    // Yjs's update format: 2 since decision 140 (a document opens about twice as fast); rows
    // written before it are in format 1 and read as such.
    format: smallint('format').notNull().default(2),
    created: created(),
  },
  (t) => [index('yjs_updates_doc_idx').on(t.docName, t.id)],
)

/** Fixed-window counters for rate limits, shared by every process through the database. */
export const rateLimits = pgTable('rate_limits', {
  bucket: text('bucket').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
})

/**
 * Periodic upkeep (sweeps of abandoned uploads) done by one process of a fleet per period: every
 * process asks on its own timer, the one whose update moves `last_started` does the work.
 */
export const scheduledWork = pgTable('scheduled_work', {
  name: text('name').primaryKey(),
  lastStarted: timestamp('last_started', { withTimezone: true }).notNull(),
  startedBy: text('started_by').notNull(),
})

/** One grant an invite or a team hands out: `type` access on model/model_id. */
export interface GrantSpec {
  model: string
  model_id: string
  type: string
}

/** What an invite is for (access.md §3 Invite.data): the models it names, each with its grants. */
export interface InviteEntry {
  model: string
  model_id: string
  KIND: string
  grants: GrantSpec[]
}

/**
 * An invitation to join a brand (and some of its lines, collections, styles or a team). The token
 * is the secret in the invite link; status goes pending → invited (e-mail sent) → accepted.
 */
export const invites = pgTable(
  'invites',
  {
    key: text('key').primaryKey(),
    token: text('token').notNull(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    jobType: text('job_type').notNull(),
    role: text('role').notNull().default('user'),
    teamKey: text('team_key'),
    title: text('title'),
    department: text('department'),
    employeeNumber: text('employee_number'),
    status: text('status').notNull().default('pending'),
    data: jsonb('data').$type<InviteEntry[]>().notNull().default([]),
    /** Every grant the invite hands out, flattened from data plus extra grants. */
    permissions: jsonb('permissions').$type<GrantSpec[]>().notNull().default([]),
    createdBy: text('created_by').references(() => accounts.key, { onDelete: 'set null' }),
    acceptedBy: text('accepted_by').references(() => accounts.key, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    created: created(),
    modified: modified(),
  },
  (t) => [uniqueIndex('invites_token_idx').on(t.token), index('invites_brand_idx').on(t.brandKey, t.status)],
)

/** A group of accounts sharing grants on one model of a brand (the brand, a line, a collection). */
export const teams = pgTable(
  'teams',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    model: text('model').notNull(),
    modelId: text('model_id').notNull(),
    grants: jsonb('grants').$type<GrantSpec[]>().notNull().default([]),
    accountJobType: text('account_job_type'),
    created: created(),
    modified: modified(),
  },
  (t) => [index('teams_brand_idx').on(t.brandKey), index('teams_model_idx').on(t.model, t.modelId)],
)

export const teamMembers = pgTable(
  'team_members',
  {
    teamKey: text('team_key')
      .notNull()
      .references(() => teams.key, { onDelete: 'cascade' }),
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key, { onDelete: 'cascade' }),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [
    uniqueIndex('team_members_idx').on(t.teamKey, t.accountKey),
    index('team_members_account_idx').on(t.accountKey),
  ],
)

/**
 * An account deactivated for one brand from Manage Team: its grants on the brand are gone, this
 * row keeps it listed with the Deactivated badge. A later grant on the brand makes it active again.
 */
export const brandDeactivations = pgTable(
  'brand_deactivations',
  {
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key, { onDelete: 'cascade' }),
    deactivatedBy: text('deactivated_by').references(() => accounts.key, { onDelete: 'set null' }),
    created: created(),
  },
  (t) => [uniqueIndex('brand_deactivations_idx').on(t.brandKey, t.accountKey)],
)

/**
 * Signed-in browsers (docs/decisions/026-server-side-sessions.md). The `__session` cookie holds
 * a random id; only its SHA-256 is stored, so a copy of this table signs nobody in. Logging out
 * deletes the row; so do Sign out everywhere and a password change (for the other sessions).
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key, { onDelete: 'cascade' }),
    firebaseUid: text('firebase_uid').notNull(),
    /** Remember me at sign-in: the lifetime a Reset Session or password change keeps. */
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent'),
    ip: text('ip'),
    created: created(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_account_idx').on(t.accountKey), index('sessions_expires_idx').on(t.expiresAt)],
)

/**
 * ID tokens this server handed out (API sign-in, refresh), by SHA-256. With the Auth emulator,
 * whose tokens carry no signature, a bearer token counts only when it is listed here
 * (docs/decisions/027-bearer-tokens-with-the-emulator.md).
 */
export const issuedIdTokens = pgTable(
  'issued_id_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    firebaseUid: text('firebase_uid').notNull(),
    created: created(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('issued_id_tokens_uid_idx').on(t.firebaseUid), index('issued_id_tokens_expires_idx').on(t.expiresAt)],
)

/**
 * A file or folder of a style's atelier (atelier.md §3 Reference): the wizard's tech pack, pattern,
 * graphics, additional-reference and final files, and the folders they sit in. A file row points at
 * its upload in `files`; it is listed once that file is available and never served if quarantined.
 * `path` holds the keys of its ancestor folders, root first (docs/decisions/110, 112).
 */
export const references = pgTable(
  'references',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    styleKey: text('style_key').references(() => styles.key, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'folder', or the file's family (app/features/atelier/style-file-types.ts: image, pdf, pattern, …). */
    type: text('type').notNull().default('file'),
    /** What the reference hangs off: 'Style', or a 'Techpack' or 'Graphics' container. */
    model: text('model').notNull().default('Style'),
    modelKey: text('model_key'),
    /** The wizard step it counts for (app/features/atelier/references.ts referenceStep). */
    step: text('step').notNull().default('references'),
    /** Graphics only: 'graphic' or 'print' (the step's two tabs). */
    kind: text('kind'),
    notes: text('notes').notNull().default(''),
    /** [] or ['final'] (atelier.md §3): Final Files lists the tagged ones; unfiled have none. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Order among its siblings, ascending; 0 counts as not placed (after the placed ones). */
    position: integer('position').notNull().default(0),
    /** Keys of the ancestor folders, root first; empty at the top level. */
    path: text('path')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A folder's names from the top, joined by '/': the breadcrumb without a lookup. */
    pathname: text('pathname'),
    /** The upload carrying the file; null for folders. Clones as Final share it. */
    fileKey: text('file_key').references(() => files.key, { onDelete: 'set null' }),
    assetType: text('asset_type'),
    /** A virtual sample's review status (app/features/samples/sample-status.ts); null for other references. */
    sampleStatus: text('sample_status'),
    /**
     * A virtual sample's versions share a series: the key of its first version (null on the first
     * version itself), and count up from 1 (decision 139).
     */
    sampleSeries: text('sample_series'),
    sampleVersion: integer('sample_version').notNull().default(1),
    archived: boolean('archived').notNull().default(false),
    createdBy: text('created_by').references(() => accounts.key, { onDelete: 'set null' }),
    created: created(),
    modified: modified(),
  },
  (t) => [
    index('references_brand_idx').on(t.brandKey),
    index('references_style_idx').on(t.styleKey, t.created),
    index('references_model_idx').on(t.model, t.modelKey),
    index('references_style_path_idx').on(t.styleKey, t.path),
    index('references_path_gin_idx').using('gin', t.path),
    index('references_sample_series_idx')
      .on(t.sampleSeries, t.sampleVersion)
      .where(sql`${t.sampleSeries} is not null`),
    index('references_file_idx')
      .on(t.fileKey)
      .where(sql`${t.fileKey} is not null`),
  ],
)

/** Every status change of a virtual sample: who, when, from and to (atelier.md §4). */
export const sampleStatusChanges = pgTable(
  'sample_status_changes',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    referenceKey: text('reference_key')
      .notNull()
      .references(() => references.key, { onDelete: 'cascade' }),
    accountKey: text('account_key').references(() => accounts.key, { onDelete: 'set null' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    created: created(),
  },
  (t) => [index('sample_status_changes_reference_idx').on(t.referenceKey, t.created)],
)

/**
 * A review round on one version of a virtual sample (issue 28): a designer starts it with a due
 * date and ends it with a decision (changes requested or approved) and a summary. One open round
 * per series of versions at a time.
 */
export const reviewRounds = pgTable(
  'review_rounds',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    /** The key of the series' first version (references.sample_series, or its own key). */
    series: text('series').notNull(),
    sampleKey: text('sample_key')
      .notNull()
      .references(() => references.key, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** The day it is due, as YYYY-MM-DD. */
    due: text('due').notNull(),
    startedBy: text('started_by').references(() => accounts.key, { onDelete: 'set null' }),
    created: created(),
    endedBy: text('ended_by').references(() => accounts.key, { onDelete: 'set null' }),
    ended: timestamp('ended', { withTimezone: true }),
    /** 'changes requested' or 'approved' once ended. */
    outcome: text('outcome'),
    summary: text('summary'),
  },
  (t) => [
    uniqueIndex('review_rounds_open_idx')
      .on(t.series)
      .where(sql`${t.ended} is null`),
    uniqueIndex('review_rounds_number_idx').on(t.series, t.number),
  ],
)

/**
 * A pin or a comment of a virtual sample marked as a change request: assigned, prioritised, and
 * with a state (app/features/samples/review/feedback-rules.ts). It moves to each new version of
 * the series while open, as "to re-check".
 */
export const sampleFeedback = pgTable(
  'sample_feedback',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    /** The version it is on now. */
    sampleKey: text('sample_key')
      .notNull()
      .references(() => references.key, { onDelete: 'cascade' }),
    /** The version it was raised on (kept when that version is deleted). */
    raisedOn: text('raised_on').notNull(),
    /** 'pin' (a markup pin's id) or 'comment' (a message key of the sample's thread). */
    target: text('target').notNull(),
    targetId: text('target_id').notNull(),
    /** What it is called in lists: "Pin 2" or the comment's first words. */
    label: text('label').notNull(),
    assigneeKey: text('assignee_key').references(() => accounts.key, { onDelete: 'set null' }),
    priority: text('priority').notNull().default('normal'),
    state: text('state').notNull().default('open'),
    roundKey: text('round_key').references(() => reviewRounds.key, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => accounts.key, { onDelete: 'set null' }),
    created: created(),
    modified: modified(),
  },
  (t) => [
    uniqueIndex('sample_feedback_target_idx').on(t.series, t.target, t.targetId),
    index('sample_feedback_series_idx').on(t.series, t.state),
    index('sample_feedback_assignee_idx').on(t.assigneeKey, t.state),
  ],
)

/** What happened in a sample's review, for its History tab: feedback raised and changed, rounds. */
export const reviewEvents = pgTable(
  'review_events',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    /** The version it happened on. */
    sampleKey: text('sample_key')
      .notNull()
      .references(() => references.key, { onDelete: 'cascade' }),
    feedbackKey: text('feedback_key').references(() => sampleFeedback.key, { onDelete: 'cascade' }),
    roundKey: text('round_key').references(() => reviewRounds.key, { onDelete: 'cascade' }),
    accountKey: text('account_key').references(() => accounts.key, { onDelete: 'set null' }),
    /** raised, assigned, priority, state, carried, closed (by a lock as Final), round started, round ended. */
    what: text('what').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    created: created(),
  },
  (t) => [index('review_events_sample_idx').on(t.sampleKey, t.created)],
)

/** A tech pack or graphics container of a style (atelier.md §3): its files are references. */
const atelierContainer = (name: 'techpacks' | 'graphics') =>
  pgTable(
    name,
    {
      key: text('key').primaryKey(),
      brandKey: text('brand_key')
        .notNull()
        .references(() => brands.key, { onDelete: 'cascade' }),
      styleKey: text('style_key')
        .notNull()
        .references(() => styles.key, { onDelete: 'cascade' }),
      name: text('name').notNull(),
      notes: text('notes').notNull().default(''),
      created: created(),
      modified: modified(),
    },
    (t) => [index(`${name}_style_idx`).on(t.styleKey, t.created)],
  )
export const techpacks = atelierContainer('techpacks')
export const graphics = atelierContainer('graphics')

/** A pattern of a style (atelier.md §3 Pattern); its files are references of the patterns step. */
export const patterns = pgTable(
  'patterns',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    styleKey: text('style_key')
      .notNull()
      .references(() => styles.key, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    assetType: text('asset_type'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Where the pattern's digitization stands, in the team's words (free text, docs/decisions/113). */
    digitization: text('digitization'),
    created: created(),
    modified: modified(),
  },
  (t) => [index('patterns_style_idx').on(t.styleKey, t.created)],
)

/** Who did what to which object, e.g. downloaded a reference (atelier.md §7 `activity`). */
export const activities = pgTable(
  'activities',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    model: text('model').notNull(),
    modelKey: text('model_key').notNull(),
    /** The asset the client says it downloaded (atelier.md §7 `asset_type`), as sent. */
    assetType: text('asset_type'),
    created: created(),
  },
  (t) => [
    index('activities_brand_created_idx').on(t.brandKey, t.created),
    index('activities_object_idx').on(t.model, t.modelKey),
  ],
)

/**
 * A chat conversation of a brand (atelier.md §4 Messaging): a direct chat between two members, a
 * named group chat, or the comment thread of one object (a style, a listing, a reference).
 */
export const conversations = pgTable(
  'conversations',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    kind: text('kind').$type<'direct' | 'group' | 'thread'>().notNull(),
    /** A group chat's name. */
    name: text('name'),
    /** A comment thread's object. */
    model: text('model'),
    modelKey: text('model_key'),
    /** A direct chat's two account keys, sorted and joined by ":": one chat per pair and brand. */
    pairKey: text('pair_key'),
    createdBy: text('created_by').references(() => accounts.key, { onDelete: 'set null' }),
    created: created(),
  },
  (t) => [
    index('conversations_brand_idx').on(t.brandKey, t.kind),
    uniqueIndex('conversations_pair_idx')
      .on(t.brandKey, t.pairKey)
      .where(sql`${t.pairKey} is not null`),
    uniqueIndex('conversations_object_idx')
      .on(t.model, t.modelKey)
      .where(sql`${t.model} is not null`),
  ],
)

/**
 * Who takes part in a conversation, and how far each has read. A comment thread gains a member
 * when someone writes in it or opens it; direct and group chats have theirs from the start.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationKey: text('conversation_key')
      .notNull()
      .references(() => conversations.key, { onDelete: 'cascade' }),
    accountKey: text('account_key')
      .notNull()
      .references(() => accounts.key, { onDelete: 'cascade' }),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    /** The seq of the newest message this member has read (0: none). */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    created: created(),
  },
  (t) => [
    uniqueIndex('conversation_members_idx').on(t.conversationKey, t.accountKey),
    index('conversation_members_account_idx').on(t.accountKey, t.brandKey),
  ],
)

/** A chat message. `seq` orders a conversation and pages it by keyset. */
export const messages = pgTable(
  'messages',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    conversationKey: text('conversation_key')
      .notNull()
      .references(() => conversations.key, { onDelete: 'cascade' }),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    senderKey: text('sender_key').references(() => accounts.key, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** The sender's idempotency key: a message resent after a dropped connection is stored once. */
    clientKey: text('client_key'),
    created: created(),
  },
  (t) => [
    uniqueIndex('messages_key_idx').on(t.key),
    index('messages_conversation_idx').on(t.conversationKey, t.seq),
    uniqueIndex('messages_client_key_idx')
      .on(t.senderKey, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
)

/** Counts of an import: of its dry run (create/update/unchanged/errors) and of its commit. */
export interface ImportCounts {
  rows: number
  create: number
  update: number
  unchanged: number
  errors: number
  warnings: number
  created: number
  updated: number
  failed: number
}
export const EMPTY_IMPORT_COUNTS: ImportCounts = {
  rows: 0,
  create: 0,
  update: 0,
  unchanged: 0,
  errors: 0,
  warnings: 0,
  created: 0,
  updated: 0,
  failed: 0,
}

/**
 * A spreadsheet upload (catalogue.md §3 Parsed spreadsheet; the History tab): the original file
 * in the blob store, how its headers map to fields, its state and counts. States: parsing →
 * previewed (or needs_mapping, failed) → committing → committed → rolled_back; an import found
 * parsing or committing at startup was interrupted and is marked failed (docs/decisions/081).
 */
export const imports = pgTable(
  'imports',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    /** The upload's scope: a line's or a collection's upload page. */
    lineKey: text('line_key').references(() => lines.key, { onDelete: 'set null' }),
    collectionKey: text('collection_key').references(() => collections.key, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    /** The original bytes, as uploaded (History's download). */
    blobKey: text('blob_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    uploadedBy: text('uploaded_by').references(() => accounts.key, { onDelete: 'set null' }),
    status: text('status').notNull().default('parsing'),
    addition: boolean('addition').notNull().default(false),
    /** The file's headers as written, and each one's field (null: ignored). */
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull().default({}),
    unmatchedHeaders: jsonb('unmatched_headers').$type<string[]>().notNull().default([]),
    /**
     * How the file was read: a CSV's encoding, delimiter and line break, or a workbook's
     * { kind: 'xlsx', sheet, sheets } (the sheet read and the visible ones to choose from).
     */
    format: jsonb('format').$type<Record<string, string | string[]>>().notNull().default({}),
    counts: jsonb('counts').$type<ImportCounts>().notNull().default(EMPTY_IMPORT_COUNTS),
    /** Rows read and written so far (live progress). */
    progress: jsonb('progress').$type<{ rowsParsed: number; rowsWritten: number }>().notNull().default({
      rowsParsed: 0,
      rowsWritten: 0,
    }),
    /** The brand's listings at the dry run (count and newest change): the commit compares again if they moved. */
    listingsStamp: text('listings_stamp'),
    /** A whole-file failure in the spec's words (§8). */
    error: jsonb('error').$type<{ type: string; message: string } | null>(),
    created: created(),
    modified: modified(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
  },
  (t) => [index('imports_brand_created_idx').on(t.brandKey, t.created.desc(), t.key.desc())],
)

/**
 * The rows of an import, written by COPY as the file is read (the staging table): the original
 * cells, the listing columns the row sets (`target`), its issues, the dry run's action and field
 * changes, and after the commit what rollback needs (`prior`: the listing before the import).
 */
export const importRows = pgTable(
  'import_rows',
  {
    importKey: text('import_key')
      .notNull()
      .references(() => imports.key, { onDelete: 'cascade' }),
    /** The import's brand (rows go with their import, which goes with its brand). */
    brandKey: text('brand_key').notNull(),
    /** The row as the uploaded sheet numbers it (the header is row 1 when it is the first line; decision 177). */
    rowNumber: integer('row_number').notNull(),
    listingUniqueId: text('listing_unique_id').notNull().default(''),
    /** The id without case and surrounding spaces, for duplicates. */
    normId: text('norm_id').notNull().default(''),
    cells: jsonb('cells').$type<string[]>().notNull().default([]),
    /** Values given in a row fix for fields the file has no column for. */
    edits: jsonb('edits').$type<Record<string, string>>(),
    issues: jsonb('issues')
      .$type<{ field: string; message: string; level: string; detail?: string }[]>()
      .notNull()
      .default([]),
    target: jsonb('target').$type<Record<string, unknown>>().notNull().default({}),
    /** create | update | unchanged | error (set by the dry run). */
    action: text('action').notNull().default('error'),
    /** Listing column → [old, new] for an update. */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    /** The listing updated, or the key the listing will be created with. */
    listingKey: text('listing_key').notNull(),
    /** completed once a row fixed after the commit is written; the commit itself marks none. */
    status: text('status').notNull().default('pending'),
    /** The listing as it was before the commit changed it (null for a created one). */
    prior: jsonb('prior').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.importKey, t.rowNumber] })],
)

/** The column mapping a brand chose for headers that matched no field, remembered for next time. */
export const importMappings = pgTable(
  'import_mappings',
  {
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    /** The header without case and spaces (app/features/imports/fields.ts headerKey). */
    headerKey: text('header_key').notNull(),
    /** The field, or null: ignore this column. */
    field: text('field'),
    modified: modified(),
  },
  (t) => [primaryKey({ columns: [t.brandKey, t.headerKey] })],
)

/** Where an uploaded file is on its way to being served (atelier.md §4 Upload and scan flow). */
export type FileStatus = 'uploading' | 'scanning' | 'available' | 'quarantined'

/** What the checks found: `clean`, or why the file is kept in quarantine. */
export interface FileScanResult {
  verdict: 'clean' | 'refused' | 'infected' | 'error'
  /** Which check decided: type, size, pixels, archive, signature (built-in) or clamd. */
  check: string
  /** For people: what was found, e.g. the signature's name. */
  detail?: string
}

/**
 * An uploaded file of a brand (docs/decisions/090): a product photo, later style files, assets
 * and chat attachments. Blobs are written only once the file passed its checks; a file that
 * failed them sits under the blob store's quarantine prefix, which is never served.
 */
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    /** What the file is for (app/features/files/file-purposes.ts): decides the ability, types and limits. */
    purpose: text('purpose').notNull(),
    originalName: text('original_name').notNull(),
    /** Bytes announced at the start (tus Upload-Length), then the bytes received. */
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** The type its bytes show; null until the upload ended. */
    contentType: text('content_type'),
    status: text('status').$type<FileStatus>().notNull().default('uploading'),
    scanResult: jsonb('scan_result').$type<FileScanResult>(),
    /** Blob keys: the original as uploaded, its 300 × 400 thumbnail and its web size (images). */
    originalKey: text('original_key'),
    thumbnailKey: text('thumbnail_key'),
    webKey: text('web_key'),
    width: integer('width'),
    height: integer('height'),
    uploadedBy: text('uploaded_by').references(() => accounts.key, { onDelete: 'set null' }),
    /** The chat message carrying this file (a chat attachment, once sent). */
    messageKey: text('message_key'),
    created: created(),
    modified: modified(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    /**
     * The process working on the file (receiving its bytes, checking them) and until when it
     * holds it: renewed while it works, so another process takes the work over only once the
     * holder is gone (docs/decisions/162).
     */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    index('files_brand_idx').on(t.brandKey, t.purpose, t.created),
    index('files_status_idx').on(t.status),
    index('files_message_idx')
      .on(t.messageKey)
      .where(sql`${t.messageKey} is not null`),
  ],
)

/**
 * Product photos of a brand (catalogue.md §3 Media item, §4 Media association). A row is reserved
 * by name before its upload starts, carries the uploaded file once it is in, and is attached to a
 * listing or sits in the brand's pool (`listing_key` null). The listing's `media` map is rewritten
 * from these rows whenever they change, so lists read one column (docs/decisions/095).
 */
export const media = pgTable(
  'media',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    /** The file name as reserved (unique in the brand): `style-number_sku_view.extension`. */
    name: text('name').notNull(),
    /** The upload carrying it (the file pipeline); null for photos placed by the seed. */
    fileKey: text('file_key').references(() => files.key, { onDelete: 'set null' }),
    /** The blob key of the original once the file is clean; its thumbnail sits beside it. */
    path: text('path'),
    listingKey: text('listing_key').references(() => listings.key, { onDelete: 'set null' }),
    /** The view from the name (front, back, 1, …): the shot name on the listing. */
    shot: text('shot').notNull().default(''),
    /** Order on its listing, ascending; 0 counts as last. */
    position: integer('position').notNull().default(0),
    /** Why the name matched no listing, when it did not. */
    unmatched: text('unmatched'),
    uploadedBy: text('uploaded_by').references(() => accounts.key, { onDelete: 'set null' }),
    created: created(),
    modified: modified(),
  },
  (t) => [
    // Names are unique in a brand whatever their case: the upload list compares them so.
    uniqueIndex('media_brand_name_idx').on(t.brandKey, sql`lower(${t.name})`),
    index('media_listing_idx')
      .on(t.listingKey, t.position)
      .where(sql`${t.listingKey} is not null`),
    index('media_brand_created_idx').on(t.brandKey, t.created),
    index('media_file_idx')
      .on(t.fileKey)
      .where(sql`${t.fileKey} is not null`),
  ],
)

/** The four kinds of material of the atelier's Materials step (atelier.md §2, §3). */
export type MaterialType = 'fabric' | 'trim' | 'hardware' | 'branding'

/** One colour of a material, per side (atelier.md §3 Material colors). */
export interface MaterialColor {
  name: 'front' | 'back'
  notes: string
  code: string
  /** #RRGGBB: the colour shown; always the source of truth (docs/decisions/120). */
  hexcode: string
  pantone: string
}

/**
 * A material of a brand: fabric, trim, hardware or branding, used on some of its styles
 * (material_styles), with its colours per side and a clean image per side from the file pipeline.
 */
export const materials = pgTable(
  'materials',
  {
    key: text('key').primaryKey(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    type: text('type').$type<MaterialType>().notNull(),
    name: text('name').notNull(),
    use: text('use').notNull().default(''),
    colorway: text('colorway').notNull().default(''),
    notes: text('notes').notNull().default(''),
    colors: jsonb('colors').$type<MaterialColor[]>().notNull().default([]),
    /** Assets front and back: uploaded files of the brand, clean images. */
    frontFileKey: text('front_file_key').references(() => files.key, { onDelete: 'set null' }),
    backFileKey: text('back_file_key').references(() => files.key, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => accounts.key, { onDelete: 'set null' }),
    created: created(),
    modified: modified(),
  },
  (t) => [index('materials_brand_idx').on(t.brandKey, t.type, t.modified)],
)

/** Which styles a material is used on (atelier.md §3 Material styles); a style's list reads this. */
export const materialStyles = pgTable(
  'material_styles',
  {
    materialKey: text('material_key')
      .notNull()
      .references(() => materials.key, { onDelete: 'cascade' }),
    styleKey: text('style_key')
      .notNull()
      .references(() => styles.key, { onDelete: 'cascade' }),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.materialKey, t.styleKey] }), index('material_styles_style_idx').on(t.styleKey)],
)

/**
 * "No additional {title}? Click checkmark": a style whose team says it needs no more materials of
 * a type has a row here (docs/decisions/121).
 */
export const styleMaterialChecks = pgTable(
  'style_material_checks',
  {
    styleKey: text('style_key')
      .notNull()
      .references(() => styles.key, { onDelete: 'cascade' }),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    type: text('type').$type<MaterialType>().notNull(),
    checkedBy: text('checked_by').references(() => accounts.key, { onDelete: 'set null' }),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.styleKey, t.type] })],
)

/** A brand's asset library (atelier.md §3 Bucket, §4 Brand storage): one per brand, made on request. */
export const buckets = pgTable('buckets', {
  key: text('key').primaryKey(),
  brandKey: text('brand_key')
    .notNull()
    .unique('buckets_brand_idx')
    .references(() => brands.key, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdBy: text('created_by').references(() => accounts.key, { onDelete: 'set null' }),
  created: created(),
})

export type AssetEntryKind = 'folder' | 'file'

/**
 * A folder or a file of an asset library. Folders point at their parent (`parent_key`, '' at the
 * top), so renaming or moving a folder changes one row however much lies below it; a path is
 * resolved segment by segment (docs/decisions/132). A file entry points at an uploaded file.
 */
export const assetEntries = pgTable(
  'asset_entries',
  {
    key: text('key').primaryKey(),
    bucketKey: text('bucket_key')
      .notNull()
      .references(() => buckets.key, { onDelete: 'cascade' }),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    parentKey: text('parent_key').notNull().default(''),
    kind: text('kind').$type<AssetEntryKind>().notNull(),
    name: text('name').notNull(),
    /** Names are unique in a folder and sorted without regard to letter case. */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
    fileKey: text('file_key').references(() => files.key, { onDelete: 'set null' }),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    contentType: text('content_type'),
    createdBy: text('created_by').references(() => accounts.key, { onDelete: 'set null' }),
    created: created(),
    modified: modified(),
  },
  (t) => [
    uniqueIndex('asset_entries_name_unique_idx').on(t.bucketKey, t.parentKey, t.nameKey),
    // One ordered index per sort of a folder's page (folders first), walked from either end.
    index('asset_entries_by_name_idx').on(t.bucketKey, t.parentKey, t.kind.desc(), t.nameKey, t.key),
    index('asset_entries_by_modified_idx').on(t.bucketKey, t.parentKey, t.kind.desc(), t.modified, t.key),
    index('asset_entries_by_size_idx').on(t.bucketKey, t.parentKey, t.kind.desc(), t.size, t.key),
    index('asset_entries_search_idx').using('gin', t.nameKey.op('gin_trgm_ops')),
    index('asset_entries_file_idx').on(t.fileKey),
  ],
)

/**
 * How many folders and files each folder of an asset library holds, kept by statement triggers
 * on asset_entries (migration 0018): a folder's page needs its total, and counting 50,000
 * entries on every page costs more than the page itself (docs/decisions/132).
 */
export const assetFolderCounts = pgTable(
  'asset_folder_counts',
  {
    bucketKey: text('bucket_key')
      .notNull()
      .references(() => buckets.key, { onDelete: 'cascade' }),
    parentKey: text('parent_key').notNull(),
    kind: text('kind').$type<AssetEntryKind>().notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucketKey, t.parentKey, t.kind] })],
)
