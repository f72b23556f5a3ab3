"""The Streamlit glue of the Segmentation Explorer (app.py, pages/): the frame around every page (frame), calls that
never show a traceback (guard), where documents come from (documents), the sidebar (sidebar), widgets generated from
segcore's registry (widgets), what survives reruns and what a link carries (state), cached computation (compute),
long runs in the background (jobs), the worker processes every segmentation runs in (workers) and the app's limits
(settings). The pages only wire these and segcore's functions to widgets."""
