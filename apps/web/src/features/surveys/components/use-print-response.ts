import { useEffect } from 'react';
import './print-response.css';

/** While the page is shown, printing it prints the response alone (print-response.css). */
export function usePrintResponse() {
  useEffect(() => {
    document.body.dataset.print = 'response';
    return () => {
      delete document.body.dataset.print;
    };
  }, []);
}
