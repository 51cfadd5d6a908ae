// The video banner (part 2 §2): the provider's advantage video for the student's stream, from the
// programme config (one per stream, or one default). The player loads only when asked for, so the
// dashboard does not pull a video frame on a slow phone.
import { useState } from 'react';
import type { DashboardBlockComponent } from '../portal-context';

export const VideoBanner: DashboardBlockComponent = ({ context }) => {
  const { t, data, config } = context;
  const videos = config.programme.dashboard.videos;
  const video = videos[data.stream as 'SOE' | 'SOF' | 'SOM'] ?? videos.default;
  const [playing, setPlaying] = useState(false);
  if (!video) return null;
  return (
    <section className="ef-section ef-dash-video" aria-labelledby="video-heading">
      <h2 id="video-heading">{t('portal.video.heading')}</h2>
      <p>{video.title}</p>
      {playing ? (
        <iframe
          className="ef-dash-video__frame"
          src={video.url}
          title={video.title}
          allow="encrypted-media; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      ) : (
        <button type="button" className="ef-button ef-button--secondary" onClick={() => setPlaying(true)}>
          {t('portal.video.play')}
        </button>
      )}
    </section>
  );
};
