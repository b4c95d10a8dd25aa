import { useState } from 'react';
import { Trans } from 'react-i18next';
import { PROFILE_LOCK_HEADER } from '@chitram/contracts/web';
import { Link, useNavigate } from 'react-router';
import { useHost } from '../app/host';
import { useDocumentTitle } from '../app/use-document-title';
import { useLoader } from '../app/use-loader';
import { fetchProfiles } from '../profiles/profiles-api';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { ConfirmDialog } from './ConfirmDialog';
import '../styles/sign-in.css';
import '../styles/profiles.css';

/**
 * /delete-user (SPEC §2.10, §4.7, §8; DECISIONS D25): a warning and Delete My Account; after the
 * confirmation the account is deleted, the session forgotten and the viewer sent to /login.
 */
export function DeleteAccountPage() {
  const { t } = useViewerTranslation();
  useDocumentTitle(t('deleteAccount.documentTitle'));
  const { api, toast, problemOf, problemMessage, useSession, getSession } = useHost();
  const phoneNumber = useSession((s) => s.user?.phoneNumber ?? '');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // D37: when the account holder's profile has a lock, the deletion carries it.
  const profiles = useLoader((signal) => fetchProfiles(api, signal), [api]);
  const holderHasLock = Boolean(profiles.data?.some((profile) => profile.isFirst && profile.hasLock));
  const [holderLock, setHolderLock] = useState('');

  async function deleteAccount() {
    setDeleting(true);
    try {
      await api.delete('admin/delete-user', {
        context: { session: 'user' },
        ...(holderHasLock ? { headers: { [PROFILE_LOCK_HEADER]: holderLock } } : {}),
      });
      setConfirming(false);
      // The server has already ended every session of the account; only this device's copy remains.
      getSession().clearSession('user');
      toast(t('deleteAccount.deleted'), 'success');
      void navigate('/login', { replace: true });
    } catch (error) {
      const problem = problemOf(error, t('deleteAccount.failed'));
      toast(problem.code === 'NETWORK' ? t('deleteAccount.unreachable') : problemMessage(problem), 'error');
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <section className="vw-delete" aria-labelledby="vw-delete-title">
      <div className="vw-delete__card">
        <div className="vw-delete__icon" aria-hidden="true">
          !
        </div>
        <h1 id="vw-delete-title" className="vw-delete__title">
          {t('deleteAccount.title')}
        </h1>
        {phoneNumber && (
          <p className="vw-delete__account">
            <Trans
              t={t}
              i18nKey="deleteAccount.signedInAs"
              values={{ phone: phoneNumber }}
              components={{ number: <strong /> }}
            />
          </p>
        )}
        <div className="vw-delete__warning" role="note">
          <p>
            <Trans t={t} i18nKey="deleteAccount.warning" components={{ strong: <strong /> }} />
          </p>
          <ul>
            <li>{t('deleteAccount.historyGone')}</li>
            <li>{t('deleteAccount.signedOut')}</li>
            <li>{t('deleteAccount.planEnds')}</li>
            <li>{t('deleteAccount.signUpAgain')}</li>
          </ul>
        </div>
        {holderHasLock && (
          <div className="vw-profile-form">
            <label htmlFor="vw-delete-lock">{t('profiles.holderLock')}</label>
            <input
              id="vw-delete-lock"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={holderLock}
              onChange={(event) => setHolderLock(event.target.value.replace(/\D/g, '').slice(0, 4))}
            />
          </div>
        )}
        <div className="vw-delete__actions">
          <button type="button" className="button vw-button--danger" onClick={() => setConfirming(true)}>
            {t('deleteAccount.deleteButton')}
          </button>
          <Link className="button button--ghost" to="/">
            {t('deleteAccount.keep')}
          </Link>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('deleteAccount.confirmTitle')}
        message={t('deleteAccount.confirmText')}
        confirmLabel={deleting ? t('deleteAccount.deleting') : t('deleteAccount.confirmYes')}
        cancelLabel={t('common.cancel')}
        busy={deleting}
        onConfirm={() => void deleteAccount()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
