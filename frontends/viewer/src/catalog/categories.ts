import type { Category } from './catalog-lists';

/** The show-category pages of SPEC §2.1, named as the header names them (SPEC §2.4). */
export const CATEGORY_PAGES: Readonly<Record<Category, { title: string; about: string }>> = {
  political: {
    title: 'Political Series',
    about:
      'Debates, profiles and ground reports on the people and decisions shaping India, in episodes you can watch in one sitting.',
  },
  health: {
    title: 'Health and Fitness',
    about:
      'Workouts, yoga, nutrition and everyday well-being from trainers and doctors, one short episode at a time.',
  },
  education: {
    title: 'Educational Series',
    about: 'Clear, short lessons on science, money, history and skills, explained in your language.',
  },
};
