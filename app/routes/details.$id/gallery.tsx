import { VendorPicture } from "~/components/vendor-picture";

/**
 * The service's pictures with thumbnails. The thumbnails are labels of radio inputs and CSS shows the picture
 * of the checked one (detail.css), so choosing works without JavaScript and without reloading the page.
 * Pictures not shown are not downloaded until chosen (lazy images that are not displayed do not load).
 */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  return (
    <div className="gallery">
      {images.map((_, i) => (
        <input
          key={i}
          type="radio"
          name="gallery"
          id={`g-${i}`}
          className="gallery__radio visually-hidden"
          defaultChecked={i === 0}
          aria-label={`Picture ${i + 1} of ${images.length}`}
        />
      ))}
      <div className="gallery__main">
        {images.map((src, i) => (
          <VendorPicture
            key={i}
            className={`gallery__img gallery__img--${i}`}
            src={src}
            alt={`${title}, picture ${i + 1}`}
            sizes="(max-width: 699px) 100vw, 640px"
            width={400}
            height={300}
            eager={i === 0}
            fetchPriority={i === 0 ? "high" : undefined}
          />
        ))}
      </div>
      {images.length > 1 ? (
        <div className="gallery__thumbs" aria-hidden="true">
          {images.map((src, i) => (
            <label key={i} htmlFor={`g-${i}`} className={`gallery__thumb gallery__thumb--${i}`}>
              <VendorPicture src={src} sizes="80px" width={96} height={72} />
            </label>
          ))}
        </div>
      ) : null}
    </div>
  );
}
