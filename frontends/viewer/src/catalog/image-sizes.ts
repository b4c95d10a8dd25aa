// How wide each kind of catalogue picture shows (the `sizes` of HTML), from the layout in
// styles/viewer.css: with them a stored picture loads at the width its slot needs (issue 19).
export { HERO_IMAGE_SIZES } from '@chitram/contracts/web';

/** A poster in a rail: clamp(128px, 14vw, 184px) (.vw-rail__track). */
export const RAIL_POSTER_SIZES = '(max-width: 914px) 128px, (min-width: 1315px) 184px, 14vw';
/** A poster in a grid of titles: two columns on a phone, about 150–220px wide elsewhere (.vw-grid). */
export const GRID_POSTER_SIZES = '(max-width: 640px) 50vw, 220px';
/** The poster beside a title's facts: 132px on a phone, 240px from a tablet up (.vw-title__layout). */
export const TITLE_POSTER_SIZES = '(max-width: 760px) 132px, 240px';
/** A title's logo: min(480px, 80vw) (.vw-logo), or min(420px, 75vw) on a category page. */
export const LOGO_SIZES = '(max-width: 600px) 80vw, 480px';
/** An episode's banner in a category's list: the page's width on a phone, 300px beside its text elsewhere. */
export const EPISODE_BANNER_SIZES = '(max-width: 760px) 100vw, 300px';
/** A search result's picture: 112px on a phone, 148px elsewhere (.vw-found). */
export const FOUND_SIZES = '(max-width: 760px) 112px, 148px';
