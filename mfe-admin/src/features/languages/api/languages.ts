import { useCommand } from '@verba/kit/query';
import { setCourseVisibility, addStartingPoint, updateStartingPoint, deleteStartingPoint } from '@verba/contracts/http';
import type { CommandOptions } from '../../../shared/api/command-options';

export const useSetCourseVisibility = (options?: CommandOptions<typeof setCourseVisibility>) => useCommand(setCourseVisibility, options);
export const useAddStartingPoint = (options?: CommandOptions<typeof addStartingPoint>) => useCommand(addStartingPoint, options);
export const useUpdateStartingPoint = (options?: CommandOptions<typeof updateStartingPoint>) => useCommand(updateStartingPoint, options);
export const useDeleteStartingPoint = (options?: CommandOptions<typeof deleteStartingPoint>) => useCommand(deleteStartingPoint, options);
