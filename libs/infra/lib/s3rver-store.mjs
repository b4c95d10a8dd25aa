// A fix to s3rver's file-system store (@20minutes/s3rver), applied by s3rver-main.mjs.
//
// s3rver deletes the objects of one multi-object delete side by side, and each then removes the folders
// its key leaves empty: two keys under one folder race, and the loser's look at a folder the winner has
// removed throws ENOENT, which s3rver answers as a 500 for the whole delete (S3 never does). The objects
// are gone either way, so a folder already removed is not a failure.

/** @param {{ prototype: { deleteObject(bucket: string, key: string): Promise<void> } }} FilesystemStore */
export function toleratePeerDeletes(FilesystemStore) {
  const deleteObject = FilesystemStore.prototype.deleteObject;
  FilesystemStore.prototype.deleteObject = async function deleteObjectOnce(bucket, key) {
    try {
      await deleteObject.call(this, bucket, key);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error)?.code !== 'ENOENT') throw error;
    }
  };
}
