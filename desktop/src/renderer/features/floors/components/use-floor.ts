import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { floorRequested, selectFloorDetail } from '../detail-slice';

/**
 * Loads the floor of the page and answers it once it is the one asked for.
 * `load` false: nothing is fetched (a guest's live page gets the floor with its join answer).
 */
export function useFloor(id: number, load = true) {
  const dispatch = useAppDispatch();
  const detail = useAppSelector(selectFloorDetail);
  useEffect(() => {
    if (load && Number.isInteger(id) && id > 0) dispatch(floorRequested(id));
  }, [id, load, dispatch]);
  const mine = detail.id === id;
  return {
    floor: mine && detail.floor?.id === id ? detail.floor : null,
    error: mine ? detail.error : null,
    detail,
  };
}
