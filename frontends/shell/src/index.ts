// The async boundary lets the federation runtime negotiate the shared singletons before React loads.
void import('./bootstrap');
