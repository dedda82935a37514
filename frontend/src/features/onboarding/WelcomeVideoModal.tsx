import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkWelcomeShownMutation } from './onboarding.api';
import { useAppName } from '../branding/useAppName';

export const WELCOME_VIDEO_URL = '/assets/welcome-video';
export const MARK_WELCOME_SHOWN_DELAY_MS = 2000;

/**
 * Spec 01 s.4: autoplay with sound, else muted, with a mute toggle; the server is told the welcome was shown about
 * 2 s after opening; the modal closes when the video ends, on Skip or on the close button.
 */
export function WelcomeVideoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const appName = useAppName();
  const [markWelcomeShown] = useMarkWelcomeShownMutation();
  const [muted, setMuted] = useState(false);
  const videoRef = useRef<HTMLVideoElement | null>(null);

  // About 2 s after opening the server is told the welcome was shown; closing it sooner (Skip) tells it at once,
  // so a skipped video does not come back at every sign-in. Leaving the page within the 2 s (closing the tab,
  // reloading, typing another address) tells it too: `pagehide` fires, and the call is sent with keepalive.
  useEffect(() => {
    if (!open) return;
    let marked = false;
    const mark = () => {
      if (marked) return;
      marked = true;
      markWelcomeShown()
        .unwrap()
        .catch((error: unknown) => console.warn('mark-welcome-shown failed', error));
    };
    const timer = setTimeout(mark, MARK_WELCOME_SHOWN_DELAY_MS);
    window.addEventListener('pagehide', mark);
    return () => {
      window.removeEventListener('pagehide', mark);
      clearTimeout(timer);
      mark();
    };
  }, [open, markWelcomeShown]);

  const attachVideo = useCallback((video: HTMLVideoElement | null) => {
    videoRef.current = video;
    if (!video) return;
    const play = async () => {
      try {
        video.muted = false;
        await video.play();
        setMuted(false);
      } catch {
        try {
          video.muted = true;
          await video.play();
          setMuted(true);
        } catch (error) {
          console.warn('The welcome video could not start, even muted', error);
        }
      }
    };
    void play();
  }, []);

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('onboarding.welcome.title', { name: appName })}
      centered
      destroyOnHidden
      width={720}
      footer={[
        <Button key="mute" icon={muted ? <MutedOutlined /> : <SoundOutlined />} onClick={toggleMute}>
          {muted ? t('onboarding.welcome.unmute') : t('onboarding.welcome.mute')}
        </Button>,
        <Button key="skip" type="primary" onClick={onClose}>
          {t('onboarding.welcome.skip')}
        </Button>,
      ]}
    >
      <video ref={attachVideo} className="welcome-video" src={WELCOME_VIDEO_URL} playsInline autoPlay preload="auto" onEnded={onClose}>
        {t('onboarding.welcome.unsupported')}
      </video>
    </Modal>
  );
}
