// The video banner (part 2 §2): the provider's advantage video for the student's stream, from the
// programme config (one per stream, or one default). Nothing of it loads until Play, so the
// dashboard pulls no video on a slow phone: a file on this site then plays in the page's own player
// (its poster shown before), an embed (YouTube) loads its frame.
import { useState } from 'react';
import type { DashboardBlockComponent } from '../portal-context';

/** A video file served by this site (not a player to embed). */
const isVideoFile = (url: string) => url.startsWith('/') && /\.(webm|mp4)$/i.test(url);

export const VideoBanner: DashboardBlockComponent = ({ context }) => {
  const { t, data, config } = context;
  const videos = config.programme.dashboard.videos;
  const video = videos[data.stream as 'SOE' | 'SOF' | 'SOM'] ?? videos.default;
  const [playing, setPlaying] = useState(false);
  if (!video) return null;
  return (
    <section className="ef-section ef-dash-video" aria-labelledby="video-heading">
      <h2 id="video-heading">{t('portal.video.heading')}</h2>
      <p id="video-title">{video.title}</p>
      {playing && isVideoFile(video.url) ? (
        // Asked for: the page's own player, playing at once.
        <video
          className="ef-dash-video__frame"
          src={video.url}
          poster={video.poster}
          title={video.title}
          controls
          autoPlay
          aria-labelledby="video-title"
        />
      ) : playing ? (
        <iframe
          className="ef-dash-video__frame"
          src={video.url}
          title={video.title}
          allow="encrypted-media; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      ) : (
        <>
          {video.poster ? (
            <img className="ef-dash-video__frame" src={video.poster} alt="" loading="lazy" />
          ) : null}
          <button type="button" className="ef-button ef-button--secondary" onClick={() => setPlaying(true)}>
            {t('portal.video.play')}
          </button>
        </>
      )}
    </section>
  );
};
