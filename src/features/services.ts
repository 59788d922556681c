// The feature services every request uses, built once per app from its dependencies.

import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { hubFolders } from '../data-dir.ts';
import { databaseAnswers } from '../db/client.ts';
import type { Database } from '../db/database.ts';
import { JobQueue } from '../jobs/queue.ts';
import { type Logger, silentLogger } from '../logger.ts';
import { AttemptLimiter } from '../security/rate-limit.service.ts';
import { createSafeFetcher } from '../security/safe-fetch.ts';
import type { VaultKeyring } from '../security/vault-key.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { addMediaToAlbum, createAlbumsService } from './albums/albums.service.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createConnectService, createVaultSealer } from './connect/connect.service.ts';
import { createConnectTransferService } from './connect/transfer/transfer.service.ts';
import { createFaviconsService } from './favicons/favicons.service.ts';
import { createGateService } from './gate/gate.service.ts';
import { createHomeService } from './home/home.service.ts';
import { createKeysService } from './keys/keys.service.ts';
import { createLibrariesService, LIBRARY_JOB_KINDS } from './libraries/libraries.service.ts';
import { createLinksService } from './links/links.service.ts';
import { createLocksService } from './locks/locks.service.ts';
import { DUPLICATES_JOB_KINDS, registerHashBackfill } from './media/duplicates/backfill.service.ts';
import { createDuplicatesService } from './media/duplicates/duplicates.service.ts';
import { createIngestService, processWhenStored } from './media/ingest/ingest.service.ts';
import { convertVideo, enqueueForItem, MEDIA_JOB_KINDS, makeVideoPreviews, registerStoreJobs } from './media/jobs.ts';
import { withLibraryFiles } from './media/library-store.service.ts';
import { createMediaService } from './media/media.service.ts';
import { registerVideoConversion } from './media/processing/conversion.service.ts';
import { registerVideoPreviews } from './media/processing/previews.service.ts';
import { registerMediaProcessing } from './media/processing/processing.service.ts';
import { registerBinPurge } from './media/purge.service.ts';
import { createModelsService } from './models/models.service.ts';
import { createModelPicturesService } from './models/pictures/pictures.service.ts';
import { createPasskeysService } from './passkeys/passkeys.service.ts';
import { createTwoFactorService } from './twofactor/twofactor.service.ts';
import { createUploadsService, registerUploadsSweep, sweepUploads } from './uploads/tus/tus.service.ts';
import { createUsersService } from './users/users.service.ts';
import { createWatchService } from './watch/watch.service.ts';

export interface ServiceDeps {
  db: Kysely<Database>;
  config: Readonly<Config>;
  clock: Clock;
  /** The media store; without it (some CLI commands, tests of other features) no job handler is registered. */
  store?: MediaStore;
  logger?: Logger;
  /** The vault's keys (openVaultKeys at start-up); without them the vault refuses to work. */
  vaultKeys?: VaultKeyring;
}

export function createServices({ db, config, clock, store: given, logger, vaultKeys }: ServiceDeps) {
  // Library items' originals are read from their library files, never written (decision 0043).
  const store = given ? withLibraryFiles(given, db, clock, hubFolders(config)) : undefined;
  // Background work (thumbnails, purges, deleting bytes): main.ts starts the workers; tests run it with runUntilIdle().
  const jobs = new JobQueue({
    db,
    clock,
    concurrency: config.media.processingConcurrency,
    kinds: [...MEDIA_JOB_KINDS, ...DUPLICATES_JOB_KINDS, ...LIBRARY_JOB_KINDS, sweepUploads],
    // Video conversions run on workers of their own: the thumbnails of new uploads never wait for one.
    // Video previews and scrubbers too: extras, made at the conversions' pace.
    pools: [{ kinds: [convertVideo, makeVideoPreviews], concurrency: config.media.transcode.concurrency }],
    ...(logger ? { logger } : {}),
  });
  if (store) registerStoreJobs(jobs, store);
  // Thumbnails, display renditions, probes and placeholders; scratch files under DATA_DIR/tmp/processing.
  const workDir = path.join(config.dataDir, 'tmp', 'processing');
  const previewLater = enqueueForItem(jobs, makeVideoPreviews);
  const processor = store
    ? registerMediaProcessing(jobs, {
        db,
        store,
        clock,
        logger: logger ?? silentLogger,
        workDir,
        lanes: config.media.processingConcurrency,
        // A video browsers cannot play is converted by a job that commits with the item's poster (decision 0037).
        convertLater: enqueueForItem(jobs, convertVideo),
        previewLater,
      })
    : null;
  if (store) registerVideoConversion(jobs, { db, store, clock, logger: logger ?? silentLogger, workDir, settings: config.media.transcode, previewLater });
  // Hover previews and scrubbing frames, once a video plays (decision 0037).
  if (store) registerVideoPreviews(jobs, { db, store, clock, logger: logger ?? silentLogger, workDir });
  if (store) registerBinPurge(jobs, { db, store, clock, days: config.media.recycleBinDays, ...(logger ? { logger } : {}) });
  // Perceptual hashes for items processed before the hub made them (main.ts starts it).
  if (store) registerHashBackfill(jobs, { db, store, logger: logger ?? silentLogger });
  // Both galleries' lists, edits and recycling bin; an account's deletion hands it the account's bytes.
  const media = createMediaService({ db, store, clock, jobs, addToAlbum: addMediaToAlbum });
  // One limiter for the site password, sign-in and the vault's export, each on counters of its own.
  const limiter = new AttemptLimiter({ db, ...config.loginLimit, clock });
  // Users need to end sessions (a new password signs the account out elsewhere); auth owns them.
  const users = createUsersService({
    db,
    clock,
    endSessions: (trx, userId, keep) => auth.endSessions(userId, { keep, trx }),
    // One's own current password, before a new one: counted as a sign-in attempt.
    checkOwnPassword: (userId, password, address) => auth.confirmPassword(userId, password, address, 'signin'),
    beforeDelete: (trx, userId) => media.forgetOwner(trx, userId),
  });
  // Two-factor sign-in: the code step after the password, and REQUIRE_2FA's enrolment.
  // Two-factor keys are sealed with the vault key (decision 0055).
  const twoFactor = createTwoFactorService({ db, clock, sealer: createVaultSealer(vaultKeys), requirement: config.require2fa });
  const auth = createAuthService({ db, clock, limiter, users, twoFactor });
  // Everything the hub fetches goes through this one guarded fetcher.
  const fetcher = createSafeFetcher({ allowHosts: config.fetchAllowHosts });
  const watch = createWatchService({ db, clock });
  const models = createModelsService({ db, clock, avatarServiceUrl: config.avatarServiceUrl });
  const links = createLinksService({ db, clock, fetcher });
  const favicons = createFaviconsService({ db, clock, fetcher });
  // Connect's accounts, sealed with the vault key; their icons come through the favicon store.
  const connect = createConnectService({ db, clock, keys: vaultKeys, favicons });
  // Library folders, indexed where they are: scanned in the background (main.ts starts the timer).
  const libraries = createLibrariesService({
    db,
    clock,
    jobs,
    roots: config.libraries.roots,
    scanMinutes: config.libraries.scanMinutes,
    watch: config.libraries.watch,
    removeItems: (trx, libraryId) => media.removeLibraryItems(trx, libraryId),
    removeItemsById: (trx, ids) => media.removeLibraryItemsById(trx, ids),
    // Never a library, never walked: the hub's data and the folders in it (decision 0043).
    hubFolders: hubFolders(config),
    ...(store ? { store } : {}),
    ...(logger ? { logger } : {}),
  });
  const mediaIngest = store
    ? createIngestService({
        db,
        store,
        clock,
        maxUploadBytes: config.media.maxUploadBytes,
        models,
        // The processing job commits with the rows: no item is left without one.
        afterStored: processWhenStored(jobs),
        // A photo is worked on as soon as it is stored; its job takes what was made.
        ...(processor ? { onStored: { stored: processor.prepare, dropped: processor.drop } } : {}),
      })
    : null;
  // Uploads (decision 0071): a multipart POST /api/<gallery>/upload streams into mediaIngest
  // (uploads/multipart/multipart.routes.ts); a resumable upload (tus, uploads/tus/) gathers its bytes
  // in DATA_DIR/uploads until the last one, then hands the file to the same mediaIngest.
  const uploads = createUploadsService({
    db,
    clock,
    ingest: mediaIngest,
    itemOf: (ownerId, gallery, mediaId) =>
      media
        .forGallery(gallery)
        .get(ownerId, mediaId)
        .catch(() => null),
    dir: path.join(config.dataDir, 'uploads'),
    maxUploadBytes: config.media.maxUploadBytes,
    maxReservedBytes: config.media.maxReservedUploadBytes,
    expiryHours: config.media.uploadExpiryHours,
    ...(logger ? { logger } : {}),
  });
  if (store) registerUploadsSweep(jobs, uploads, logger);
  return {
    jobs,
    libraries,
    // GET /healthz: the database answers (a migrated table is read).
    health: { database: () => databaseAnswers(db) },
    media,
    // Albums of both galleries.
    albums: createAlbumsService({ db, clock }),
    locks: createLocksService({ db, clock, users }),
    // Exact copies and similar-looking items of either gallery, and resolving them.
    duplicates: createDuplicatesService({ db, clock, similarMaxDistance: config.media.similarMaxDistance }),
    // The site gate: the household password, site tokens and the lockout.
    gate: createGateService({ db, config, clock, limiter }),
    users,
    auth,
    twoFactor,
    // Passkeys: registered from the profile, signing in without a password (decision 0056).
    passkeys: createPasskeysService({ db, clock, auth, users, limiter, ...(logger ? { logger } : {}) }),
    // API keys for scripts; a wrong key counts against the site password's guessing limit.
    keys: createKeysService({ db, clock, limiter }),
    watch,
    models,
    links,
    favicons,
    connect,
    // Import and export of Connect's accounts; the export asks for the user's password again (auth checks it).
    connectTransfer: createConnectTransferService({ connect, auth }),
    modelPictures: createModelPicturesService({ db, clock, fetcher, avatarServiceUrl: config.avatarServiceUrl }),
    home: createHomeService({ sites: watch, models, links }),
    // Uploads into either gallery (null without a store: CLI commands that never take uploads).
    mediaIngest,
    uploads,
  };
}

export type Services = ReturnType<typeof createServices>;
