import { randomUUID } from 'node:crypto';
import {
  AUTHOR_NAME_MAX,
  FREE_PRIVATE_ARTICLE_LIMIT,
  IMPORT_ARTICLES_MAX,
  IMPORT_MESSAGES as M,
  SERIES_DESCRIPTION_MAX,
  SERIES_TITLE_MAX,
  importQuotaMessage,
  type ImportProgress,
  type ImportResult,
  type ImportSettings,
} from '@verba/contracts';
import { eventIdFor } from '../../../platform/decider/event-ids';
import type { Cache } from '../../../platform/cache/port';
import { HttpError } from '../../../platform/http/problem';
import type { Actor } from '../deciders/article-decider';
import type { WebPages } from '../adapters/web-pages';
import type { ArticleQueries } from '../queries/articles';
import type { ArticleCommands } from './articles';
import type { SeriesCommands } from './series';
import type { BudgetMessages, UntrustedWork } from '../../../platform/untrusted/pool';
import type { libraryImportJobs, Work } from '../domain/imports/jobs';
import type { WriteThrough } from '../../../platform/http/write-through';
import { mayUsePremium } from '../../../platform/entitlements';

/** What a budget broken while reading each kind of source says. */
const BOOK: BudgetMessages = { tooSlow: M.bookTooSlow, tooLarge: M.bookNeedsTooMuch, unreadable: M.notEpub };
const FILE: BudgetMessages = { tooSlow: M.fileTooSlow, tooLarge: M.fileNeedsTooMuch, unreadable: M.notText };
const PAGE: BudgetMessages = { tooSlow: M.pageTooSlow, tooLarge: M.pageNeedsTooMuch, unreadable: M.pageUnreadable };
const SUBTITLES: BudgetMessages = { tooSlow: M.subtitlesTooSlow, tooLarge: M.fileNeedsTooMuch, unreadable: M.notSubtitles };
const PDF: BudgetMessages = { tooSlow: M.pdfTooSlow, tooLarge: M.pdfNeedsTooMuch, unreadable: M.notPdf };

const PROGRESS_TTL_MS = 10 * 60_000;
const progressKey = (userId: string, importId: string) => `library:import:${userId}:${importId}`;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** The level of imported texts when neither the learner nor their onboarding tells one. */
const UNKNOWN_LEVEL = 'B1';

/**
 * Bringing your own texts: each import reads its source into articles (private, within the article limit),
 * checks the caller's private quota for all of them first, then writes a private series (when there are
 * several) and the articles. Every id derives from the command id, so a retried import appends nothing new;
 * if a write fails half way the articles already written are deleted again and the slots freed.
 */
export class ImportCommands {
  constructor(
    private readonly articles: ArticleCommands,
    private readonly series: SeriesCommands,
    private readonly queries: ArticleQueries,
    private readonly webPages: WebPages,
    private readonly untrusted: UntrustedWork,
    private readonly cache: Cache,
    /** The read models the import's articles are read back from (and whose author frees a slot on undo). */
    private readonly written: WriteThrough,
  ) {}

  text(actor: Actor, settings: ImportSettings, name: string, text: string, commandId: string = randomUUID()) {
    return this.read(actor, settings, commandId, 'library.import.text', { name, text }, FILE);
  }

  async url(actor: Actor, settings: ImportSettings, url: string, commandId: string = randomUUID()) {
    await this.progress(actor.userId, commandId, { stage: 'reading', done: 0, total: 0 });
    const page = await this.webPages.load(url);
    return this.read(actor, settings, commandId, 'library.import.web-page', page, PAGE);
  }

  /**
   * A .txt, .epub, .srt, .vtt or .pdf file, told apart by its name and then checked by its content (the
   * text of subtitles and PDFs also by its language).
   */
  async file(actor: Actor, settings: ImportSettings, filename: string, bytes: Uint8Array, commandId: string = randomUUID()) {
    if (bytes.length === 0) throw new HttpError(400, M.emptyFile);
    const extension = /\.[^.]+$/.exec(filename.toLowerCase())?.[0];
    if (extension === '.txt') return this.read(actor, settings, commandId, 'library.import.text-file', { filename, bytes }, FILE);
    if (extension === '.epub') {
      await this.progress(actor.userId, commandId, { stage: 'reading', done: 0, total: 0 });
      return this.read(actor, settings, commandId, 'library.import.epub', { filename, bytes }, BOOK);
    }
    const { languageCode } = settings;
    if (extension === '.srt' || extension === '.vtt')
      return this.read(actor, settings, commandId, 'library.import.subtitles', { filename, bytes, languageCode }, SUBTITLES);
    if (extension === '.pdf') {
      await this.progress(actor.userId, commandId, { stage: 'reading', done: 0, total: 0 });
      return this.read(actor, settings, commandId, 'library.import.pdf', { filename, bytes, languageCode }, PDF);
    }
    throw new HttpError(400, M.unsupportedFile);
  }

  /** Reads the source on the untrusted pool (never on this thread), then writes what it made. */
  private async read(
    actor: Actor,
    settings: ImportSettings,
    commandId: string,
    job: keyof typeof libraryImportJobs,
    input: unknown,
    messages: BudgetMessages,
  ) {
    let work: Work;
    try {
      work = await this.untrusted.run<Work>(job, input, messages);
    } catch (error) {
      await this.progress(actor.userId, commandId, { stage: 'failed', done: 0, total: 0 });
      throw error;
    }
    return this.write(actor, settings, work, commandId);
  }

  /** The progress of one of the caller's imports, as the last write of it left it. */
  async progressOf(userId: string, importId: string): Promise<ImportProgress | undefined> {
    const stored = await this.cache.get(progressKey(userId, importId));
    return stored ? (JSON.parse(stored) as ImportProgress) : undefined;
  }

  private progress(userId: string, importId: string, progress: ImportProgress) {
    return this.cache.set(progressKey(userId, importId), JSON.stringify(progress), PROGRESS_TTL_MS);
  }

  /** Nothing is written unless every article fits the caller's quota. */
  private async checkRoom(actor: Actor, count: number): Promise<void> {
    if (count > IMPORT_ARTICLES_MAX) throw new HttpError(400, M.tooManyArticles);
    if (mayUsePremium(actor)) return;
    const room = Math.max(0, FREE_PRIVATE_ARTICLE_LIMIT - (await this.queries.privateArticles(actor.userId)));
    if (count > room) throw new HttpError(403, importQuotaMessage(count, room));
  }

  private async write(actor: Actor, chosen: ImportSettings, work: Work, commandId: string): Promise<ImportResult> {
    const total = work.articles.length;
    await this.checkRoom(actor, total);
    const generalDifficulty =
      chosen.generalDifficulty ?? (await this.queries.readerLevel(actor.userId, chosen.languageCode)) ?? UNKNOWN_LEVEL;
    const settings = { ...chosen, generalDifficulty };
    await this.progress(actor.userId, commandId, { stage: 'creating', done: 0, total });
    const authorDisplayName = clip(work.author, AUTHOR_NAME_MAX);
    const written: { id: string; name: string }[] = [];
    let series: ImportResult['series'] = null;
    let position: string | undefined;
    try {
      if (total > 1) {
        const title = clip(work.title, SERIES_TITLE_MAX);
        const description = clip(work.author ? `${work.title} by ${work.author}` : work.title, SERIES_DESCRIPTION_MAX);
        const created = await this.series.create(
          actor,
          { languageCode: settings.languageCode, title, description, previewImgSrc: null, authorDisplayName, isPrivate: true },
          eventIdFor(commandId, 'series'),
        );
        series = { id: created.series.id, title: created.series.title };
      }
      for (const [i, article] of work.articles.entries()) {
        const input = {
          ...settings,
          name: article.name,
          content: article.content,
          contentFormat: 'text' as const,
          translation: '',
          previewImgSrc: null,
          authorDisplayName,
          isPrivate: true,
          isPremiumOnly: false,
          seriesId: series?.id ?? null,
        };
        const timing = article.cues ? { cues: article.cues } : {};
        const result = await this.articles.append(actor, input, eventIdFor(commandId, `article:${i}`), timing);
        written.push({ id: result.articleId, name: article.name });
        position = result.position ?? position;
        await this.progress(actor.userId, commandId, { stage: 'creating', done: i + 1, total });
      }
    } catch (error) {
      await this.written.readBack(position); // deleting frees a slot by the author the read model names
      await this.undo(actor, written, series?.id);
      await this.progress(actor.userId, commandId, { stage: 'failed', done: 0, total });
      throw error;
    }
    await this.written.readBack(position);
    await this.progress(actor.userId, commandId, { stage: 'done', done: total, total });
    return { articles: written, series, ...(position ? { position } : {}) };
  }

  private async undo(actor: Actor, written: readonly { id: string }[], seriesId: string | undefined): Promise<void> {
    for (const { id } of written) await this.articles.deletePrivate(actor, id);
    if (seriesId) await this.series.delete(actor, seriesId);
  }
}
