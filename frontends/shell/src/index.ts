import { startEarlyRequests } from './app/early-requests';

// What the first screen waits for is asked for now, while the code that shows it is still loading.
startEarlyRequests(window.location);
// The async boundary lets the federation runtime negotiate the shared singletons before React loads.
// It starts in a task of its own: the runtime's start-up and the shell's are then two tasks rather than
// one long one on a phone's main thread (issue 19: Total Blocking Time).
setTimeout(() => void import('./bootstrap'), 0);
