import { createContext, useContext } from 'react';
import type { AdminMe } from './types.ts';

/** The signed-in staff member (`GET /admin/me`) for the pages, and a way to read it again after a change. */
export const AdminMeContext = createContext<{ me: AdminMe | null; reload: () => void }>({ me: null, reload: () => undefined });

export const useAdminMe = (): AdminMe | null => useContext(AdminMeContext).me;
export const useReloadAdminMe = (): (() => void) => useContext(AdminMeContext).reload;
