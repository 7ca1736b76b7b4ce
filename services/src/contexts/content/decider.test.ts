import { describe, it } from 'vitest';
import type { AnnouncementInput } from '@verba/contracts';
import { deciderSpec } from '../../../test-support/platform/decider-spec';
import { announcementDecider, type AnnouncementCommand } from './decider';
import type { ContentEvent } from './events';

const id = '6f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409';
const by = '1f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f400';
const at = '2026-11-22T10:00:00.000Z';
const input = (text: string): AnnouncementInput => ({
  visibleTo: 'free',
  content: { blocks: [{ type: 'paragraph', data: { text } }] },
  dismissBehavior: 'temporary',
  active: true,
  startsAt: null,
  endsAt: null,
});
const data = (text: string) => ({
  announcementId: id,
  visibleTo: 'free' as const,
  blocks: [{ type: 'paragraph' as const, data: { text } }],
  dismissBehavior: 'temporary' as const,
  active: true,
  startsAt: null,
  endsAt: null,
  by,
  at,
});
const published = (text: string): ContentEvent => ({ type: 'content.AnnouncementPublished', data: data(text) });
const revised = (text: string): ContentEvent => ({ type: 'content.AnnouncementRevised', data: data(text) });
const deleted: ContentEvent = { type: 'content.AnnouncementDeleted', data: { announcementId: id, by, at } };
const cmd = (kind: 'publish' | 'revise', text: string): AnnouncementCommand => ({ kind, id, input: input(text), by, at });
const del: AnnouncementCommand = { kind: 'delete', id, by, at };

describe('announcement decider', () => {
  const spec = deciderSpec(announcementDecider);
  it('publishes a new announcement', () =>
    spec
      .given([])
      .when(cmd('publish', 'Hi'))
      .then([published('Hi')]));
  it('publishes an id only once (a retried create)', () =>
    spec
      .given([published('Hi')])
      .when(cmd('publish', 'Hi'))
      .then([]));
  it('revises a live announcement', () =>
    spec
      .given([published('Hi')])
      .when(cmd('revise', 'Hello'))
      .then([revised('Hello')]));
  it('changes nothing when revised to the same content', () =>
    spec
      .given([published('Hi'), revised('Hello')])
      .when(cmd('revise', 'Hello'))
      .then([]));
  it('deletes a live announcement', () =>
    spec
      .given([published('Hi')])
      .when(del)
      .then([deleted]));
  it('refuses to revise or delete what is not there', () => {
    spec.given([]).when(cmd('revise', 'Hello')).thenThrows('Announcement not found');
    spec
      .given([published('Hi'), deleted])
      .when(del)
      .thenThrows('Announcement not found');
    spec
      .given([published('Hi'), deleted])
      .when(cmd('revise', 'x'))
      .thenThrows('Announcement not found');
  });
  it('does not bring a deleted id back with a retried create', () =>
    spec
      .given([published('Hi'), deleted])
      .when(cmd('publish', 'Hi'))
      .then([]));
});
