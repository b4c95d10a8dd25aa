import { startEarlyRequests } from './app/early-requests';

// What the first screen waits for is asked for now, while the code that shows it is still loading.
startEarlyRequests(window.location);
// The async boundary lets the federation runtime negotiate the shared singletons before React loads.
void import('./bootstrap');
