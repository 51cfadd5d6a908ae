// View Profile (part 2 §2 "Dashboard layout" 3). Reading (docs/decisions/009): mobile and e-mail are
// masked keeping 2 characters at each end (the e-mail's local part; its domain stays readable), by
// the one mask rule of src/domain/mask.ts. The date of birth is shown as DD/MM/YYYY, as login asks.
import type { ReactNode } from 'react';
import type { Profile } from '../../generated/api/profile';
import type { Translate } from '../../engine/i18n';
import { maskEmail, maskMiddle } from '../../domain/mask';
import { Modal } from '../../ui/modal/modal';

export function ProfileModal({
  profile,
  loading,
  t,
  onClose,
  children,
}: {
  profile: Profile | undefined;
  loading: boolean;
  t: Translate;
  onClose: () => void;
  /** What the app adds below the details (the profile update form). */
  children?: ReactNode;
}) {
  return (
    <Modal heading={t('portal.profile.heading')} closeLabel={t('portal.profile.close')} onClose={onClose}>
      {!profile ? (
        <p role="status">{loading ? t('portal.profile.loading') : t('portal.loadFailed')}</p>
      ) : (
        <dl className="ef-profile">
          <div>
            <dt>{t('portal.profile.name')}</dt>
            <dd>{`${profile.student_firstname} ${profile.student_lastname}`.trim()}</dd>
          </div>
          <div>
            <dt>{t('portal.profile.roll')}</dt>
            <dd>{profile.roll_number}</dd>
          </div>
          <div>
            <dt>{t('portal.profile.psid')}</dt>
            <dd>{profile.student_psid || 'NA'}</dd>
          </div>
          <div>
            <dt>{t('portal.profile.mobile')}</dt>
            <dd>{maskMiddle(profile.mobile_number)}</dd>
          </div>
          <div>
            <dt>{t('portal.profile.email')}</dt>
            <dd>{maskEmail(profile.email)}</dd>
          </div>
          <div>
            <dt>{t('portal.profile.dob')}</dt>
            <dd>{profile.student_dob.replace(/-/g, '/')}</dd>
          </div>
          <div>
            <dt>{t('portal.profile.class')}</dt>
            <dd>{profile.class_stream_name}</dd>
          </div>
          <div>
            <dt>{t('portal.profile.exam')}</dt>
            <dd>
              {profile.exam_type} · {profile.exam_date}
            </dd>
          </div>
        </dl>
      )}
      {children}
    </Modal>
  );
}
