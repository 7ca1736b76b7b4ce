/**
 * The FSRS scheduler is a contracts rule (`@verba/contracts/fsrs`): the review page previews each rating's
 * interval with the very scheduler that decides reviews here.
 */
export { newSchedule, reschedule } from '@verba/contracts/fsrs';
