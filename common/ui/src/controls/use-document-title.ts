import { useEffect } from 'react';
import { PRODUCT_NAME } from '@tsudoi/common';

/** Sets the tab title to "Tsudoi - <page>" while the calling screen is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} - ${page}`;
  }, [page]);
}
