/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderPage } from '../testing/render-page';
import { useLoader } from './use-loader';

/** What each render of the page showed: the question asked, and the loader's status and answer. */
type Shown = { question: string; status: string; data: string | null };

/** A page that asks one question at a time and can be told to ask another, as a language switch does. */
function Asker({ answers, seen }: { answers: Map<string, (answer: string) => void>; seen: Shown[] }) {
  const [question, setQuestion] = useState('Telugu');
  const state = useLoader(() => new Promise<string>((resolve) => answers.set(question, resolve)), [question]);
  seen.push({ question, status: state.status, data: state.data });
  return (
    <button type="button" onClick={() => setQuestion('Tamil')}>
      Tamil
    </button>
  );
}

describe('useLoader', () => {
  it('never shows the answer to the old question as the answer to a new one', async () => {
    const answers = new Map<string, (answer: string) => void>();
    const seen: Shown[] = [];
    renderPage(<Asker answers={answers} seen={seen} />, { at: '/', path: '/' });
    await act(async () => answers.get('Telugu')!('Telugu films'));
    expect(seen.at(-1)).toEqual({ question: 'Telugu', status: 'success', data: 'Telugu films' });

    await userEvent.click(screen.getByRole('button', { name: 'Tamil' }));
    const afterSwitch = seen.filter((shown) => shown.question === 'Tamil');
    // The old answer stays on screen while the new one loads, but marked as loading (Home dims it).
    expect(afterSwitch.length).toBeGreaterThan(0);
    for (const shown of afterSwitch)
      expect(shown).toEqual({ question: 'Tamil', status: 'loading', data: 'Telugu films' });

    await act(async () => answers.get('Tamil')!('Tamil films'));
    expect(seen.at(-1)).toEqual({ question: 'Tamil', status: 'success', data: 'Tamil films' });
  });
});
