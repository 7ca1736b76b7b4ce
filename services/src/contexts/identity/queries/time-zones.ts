import type { Knex } from 'knex';
import { DEFAULT_TIME_ZONE, DailyGoalSchema, isTimeZone, type DailyGoal } from '@verba/contracts';
import type { TimeZones } from '../../../platform/module';

/**
 * Learners' time zones from their settings (identity_users.settings.timeZone), for the contexts that count
 * a learner's own days. An account that never saved one (older than the setting) counts in UTC, as does a
 * zone this runtime no longer knows.
 */
export class TimeZoneQueries implements TimeZones {
  constructor(private readonly db: Knex) {}

  async timeZoneOf(userId: string): Promise<string> {
    const row = (await this.db('identity_users').where({ user_id: userId }).first(this.db.raw("settings->>'timeZone' as time_zone"))) as
      { time_zone: string | null } | undefined;
    const zone = row?.time_zone;
    return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  }

  /** The learner's daily goal from their settings (issue 39.6); none set, or one no longer valid, is null. */
  async dailyGoalOf(userId: string): Promise<DailyGoal | null> {
    const row = (await this.db('identity_users').where({ user_id: userId }).first(this.db.raw("settings->'dailyGoal' as goal"))) as
      { goal: unknown } | undefined;
    return DailyGoalSchema.safeParse(row?.goal).data ?? null;
  }
}
