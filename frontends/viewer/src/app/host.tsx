import { createContext, type ReactNode, useContext } from 'react';
import type { HostApi } from '@chitram/shell-contract';

const HostContext = createContext<HostApi | null>(null);

export function HostProvider({ host, children }: { host: HostApi; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

/** The shell's toasts and session, lent to this remote through its props. */
export function useHost(): HostApi {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost must be used inside <ViewerApp>.');
  return host;
}
