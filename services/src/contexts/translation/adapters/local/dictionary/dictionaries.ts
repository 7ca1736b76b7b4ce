import path from 'node:path';
import type { LearningLanguage } from '@verba/contracts';
import { DICTIONARIES_DIR } from '../../../../../platform/data-files';
import { DiskDictionary } from './disk-dictionary';

/**
 * The offline dictionaries, each opened on its first look-up and then kept: a process that only ever
 * translates German never opens Russian. One set per process (`sharedDictionaries`), whatever number of
 * apps or providers it runs.
 */
export class Dictionaries {
  private readonly loading = new Map<LearningLanguage, Promise<DiskDictionary>>();

  constructor(private readonly dir: string = DICTIONARIES_DIR) {}

  get(language: LearningLanguage): Promise<DiskDictionary> {
    let file = this.loading.get(language);
    if (!file) {
      file = DiskDictionary.open(path.join(this.dir, `${language}.tsv.gz`));
      // A failed load (a missing file) is tried again next time rather than remembered.
      file.catch(() => this.loading.delete(language));
      this.loading.set(language, file);
    }
    return file;
  }
}

export const sharedDictionaries = new Dictionaries();
