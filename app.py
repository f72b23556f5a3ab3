"""Segmentation Explorer — a Streamlit front end to segcore.  Start with:  streamlit run app.py

The entry point only draws the frame (explorer.frame): page configuration, navigation over the pages in pages/, the
shared document sidebar."""
from explorer import frame

frame.main()
