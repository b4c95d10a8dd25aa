import type { Page } from 'playwright-core';

/**
 * The first checkout's question (D32): where the viewer lives, the tax invoice's place of supply. Answered
 * as a person does, by choosing the state in the dialog and going on to the payment window.
 */
export async function answerWhereYouLive(page: Page, state: string): Promise<void> {
  const where = page.getByRole('dialog', { name: 'Where do you live?' });
  await where.getByLabel('Your state or union territory').selectOption({ label: state });
  await where.getByRole('button', { name: 'Continue' }).click();
}
